import { useId } from 'react';
import { fieldClass } from '../../../components/ui/form-styles';
import { LocaleDateInput } from '../../../components/ui/locale-date-input';
import { bsLabel, formatAdDate } from '../../../lib/dates';
import { currentLanguage, useTranslation } from '../../../lib/i18n';

/**
 * A date field in the UI language's order, with the date in words and its Bikram Sambat date
 * beneath (both read to screen readers with the field).
 */
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
  const language = currentLanguage();
  const bs = props.value ? bsLabel(props.value, language) : '';
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {props.label}
      </label>
      <LocaleDateInput
        id={id}
        value={props.value}
        min={props.min}
        max={props.max}
        invalid={Boolean(props.error)}
        describedBy={`${id}-bs${props.error ? ` ${id}-error` : ''}`}
        onChange={props.onChange}
        className={fieldClass(Boolean(props.error))}
      />
      <p id={`${id}-bs`} className="mt-1 min-h-4 text-xs text-slate-600 dark:text-slate-400">
        {props.value ? (
          <>
            <span>{formatAdDate(props.value, language)}</span>
            {bs && (
              <>
                {' · '}
                <span>{`${t('search.bs')}: ${bs}`}</span>
              </>
            )}
          </>
        ) : (
          t('search.dateOrder')
        )}
      </p>
      {props.error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
    </div>
  );
}
