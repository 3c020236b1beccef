import { useId } from 'react';
import { bsLabel } from '../../../lib/dates';
import { currentLanguage, useTranslation } from '../../../lib/i18n';

/** A native date input (keyboard and phone friendly) with the Bikram Sambat date beside it. */
export function DateField(props: {
  label: string;
  value: string;
  min: string;
  max: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const bs = props.value ? bsLabel(props.value, currentLanguage()) : '';
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {props.label}
      </label>
      <input
        id={id}
        type="date"
        min={props.min}
        max={props.max}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-bs${props.error ? ` ${id}-error` : ''}`}
        onChange={(event) => props.onChange(event.target.value)}
        className={`w-full rounded-lg border bg-white px-3 py-2.5 text-base dark:bg-slate-900 ${
          props.error ? 'border-red-600' : 'border-slate-300 dark:border-slate-600'
        }`}
      />
      <p id={`${id}-bs`} className="mt-1 min-h-4 text-xs text-slate-600 dark:text-slate-400">
        {bs && `${t('search.bs')}: ${bs}`}
      </p>
      {props.error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
    </div>
  );
}
