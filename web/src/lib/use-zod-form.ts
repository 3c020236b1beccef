import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { useErrorToast } from './use-error-toast';

/**
 * react-hook-form validated by a zod schema, usually the API's own from `shared/src`, so a field
 * shows the message the server would give. Errors show once a field is left and clear as soon as
 * it is fixed ('onTouched', then on every change after a submit).
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  /** The message of a field (or of any path the schema checks), if it has one. */
  const errorOf = (name: Path<Input>) => form.getFieldState(name, form.formState).error?.message;
  /** Puts the server's field errors (`data.fields`) on the fields; false when it sent none. */
  const showServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return false;
    for (const [name, message] of Object.entries(error.fields))
      form.setError(name as Path<Input>, { type: 'server', message });
    return true;
  };
  const showError = useErrorToast();
  /** A refused submit: the server's field messages on their fields, and its message in a toast. */
  const showFailure = (error: unknown) => {
    showServerErrors(error);
    showError(error);
  };
  return { form, errorOf, showServerErrors, showFailure };
}
