import { type ComponentProps, useId } from 'react';
import { FieldError } from './field-error';
import { inputClass } from './form-styles';

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  /** [value, label] pairs, in order. */
  options: [string, string][];
  error?: string | undefined;
  /** The chosen value, for callers that hold it themselves (react-hook-form uses `onChange`). */
  onValueChange?: (value: string) => void;
  /** Replaces the console look (the booking form's larger fields). */
  selectClassName?: string;
}

/** A labelled select whose error is announced and tied to it (aria-describedby); takes a `ref`. */
export function SelectField({
  label,
  options,
  error,
  onValueChange,
  onChange,
  selectClassName,
  className,
  id,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={selectId}
        className={selectClassName ?? inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
        {...select}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={`${selectId}-error`} error={error} />
    </div>
  );
}
