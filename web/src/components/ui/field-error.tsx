import { formMessage } from '../../lib/i18n';

/** A field's message, tied to its control by `id` (the control names it in aria-describedby). */
export function FieldError(props: { id: string; error?: string | undefined }) {
  if (!props.error) return null;
  return (
    <p id={props.id} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {formMessage(props.error)}
    </p>
  );
}

/** A whole form's message (the server refused it for a reason no one field carries). */
export function FormError(props: { error?: string | null | undefined }) {
  if (!props.error) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {formMessage(props.error)}
    </p>
  );
}
