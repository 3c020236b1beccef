import type { z } from 'zod';

/** Field path → first message, from a failed zod parse (the same shape as the API's data.fields). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || 'form';
    fields[path] ??= issue.message;
  }
  return fields;
}
