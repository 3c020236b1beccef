import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/**
 * A react-hook-form form for the auth pages, validated with the same zod schema as the server.
 * Errors show once a field is left and clear as soon as it is fixed ('onTouched'); the server's
 * own field errors (`data.fields`) go beside the fields, any other refusal above them.
 */
export function useAuthForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  submit: (values: Output) => Promise<void>,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await submit(values);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const [name, message] of Object.entries(error.fields))
          form.setError(name as Path<Input>, { type: 'server', message });
      } else setFormError(error instanceof Error ? error.message : String(error));
    }
  });

  const errorOf = (name: Path<Input>) => form.getFieldState(name, form.formState).error?.message;
  return { form, errorOf, formError, busy: form.formState.isSubmitting, onSubmit };
}
