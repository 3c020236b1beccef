import { type ComponentProps, useId } from 'react';
import { FieldError } from './field-error';
import { inputClass } from './form-styles';

interface TextareaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled multi-line input with its hint and error tied to it; takes a `ref`. */
export function TextareaField({ label, error, hint, className, id, ...textarea }: TextareaFieldProps) {
  const generated = useId();
  const textareaId = id ?? generated;
  const describedBy = [hint ? `${textareaId}-hint` : '', error ? `${textareaId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={textareaId} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={textareaId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textarea}
      />
      {hint && (
        <p id={`${textareaId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${textareaId}-error`} error={error} />
    </div>
  );
}
