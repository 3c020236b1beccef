import { type ComponentProps, useId } from 'react';
import { FieldError } from './field-error';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  error?: string | undefined;
}

/** A checkbox with its label beside it and its error below; takes a `ref`. */
export function CheckboxField({ label, error, className, id, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="flex items-center gap-2 text-sm font-medium">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...input}
        />
        {label}
      </label>
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}
