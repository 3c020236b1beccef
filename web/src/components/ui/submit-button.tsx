import type { ComponentProps } from 'react';
import { buttonClass } from './form-styles';

/** A form's submit button: disabled, and saying so, while the form is being sent. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className,
  disabled,
  ...button
}: Omit<ComponentProps<'button'>, 'type'> & { busy?: boolean; busyLabel?: string }) {
  return (
    <button
      type="submit"
      className={`${buttonClass} ${className ?? ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...button}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
