import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '../../lib/use-zod-form';

/**
 * The auth pages' form: the shared schema validates it (see useZodForm); the server's own field
 * errors go beside the fields, any other refusal above them.
 */
export function useAuthForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  submit: (values: Output) => Promise<void>,
) {
  const { form, errorOf, showServerErrors } = useZodForm(schema, defaultValues);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await submit(values);
    } catch (error) {
      if (!showServerErrors(error)) setFormError(error instanceof Error ? error.message : String(error));
    }
  });

  return { form, errorOf, formError, busy: form.formState.isSubmitting, onSubmit };
}
