import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { fieldErrors } from '../../lib/zod-fields';

/**
 * Form state for the auth pages: validates with the same zod schema as the server, then shows
 * the server's own field errors (`data.fields`) beside the fields, or its message above them.
 */
export function useAuthForm<S extends z.ZodType>(schema: S, submit: (values: z.output<S>) => Promise<void>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (values: z.input<S>) => {
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await submit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return { errors, formError, busy, onSubmit };
}
