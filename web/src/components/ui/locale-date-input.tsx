import { lazy, Suspense, useRef, useState } from 'react';
import { addDays, dateFieldPattern, formatDateField, parseDateField, todayInNepal } from '../../lib/dates';
import { currentLanguage, useTranslation } from '../../lib/i18n';

/** The month calendar (AD days with their BS days) loads when first opened, never with the page. */
const DatePickerDialog = lazy(() => import('./date-picker-dialog'));

export interface LocaleDateInputProps {
  id: string;
  /** An ISO date ('YYYY-MM-DD'), or '' for none. */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  name?: string | undefined;
  required?: boolean | undefined;
  invalid?: boolean | undefined;
  describedBy?: string | undefined;
  className: string;
  /** An ISO date once what is typed is a real date; '' when it is cleared or, on leaving, not a date. */
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
}

/**
 * A date field in the UI language's order (DD/MM/YYYY in English, वर्ष/महिना/गते in Nepali)
 * whatever the browser's locale: typed with the keyboard (ISO dates are understood too), stepped a
 * day with the arrow keys, or chosen on a month calendar that shows each day's Bikram Sambat date.
 */
export function LocaleDateInput(props: LocaleDateInputProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [text, setText] = useState(() => formatDateField(props.value, language));
  // What the field last showed for the value it was given: a new value from outside (a following
  // date, a reset, the language) replaces what is shown; what the user is typing stays as typed.
  const [shown, setShown] = useState({ value: props.value, language });
  if (shown.value !== props.value || shown.language !== language) {
    setShown({ value: props.value, language });
    const typed = parseDateField(text, language);
    // Text that is not a date stays for the user to mend; the form says the date is missing.
    const typingMistake = typed === null && props.value === '';
    if (shown.language !== language || (typed !== props.value && !typingMistake))
      setText(formatDateField(props.value, language));
  }
  const [calendarOpen, setCalendarOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const within = (iso: string) =>
    props.min && iso < props.min ? props.min : props.max && iso > props.max ? props.max : iso;
  const choose = (iso: string) => {
    setText(formatDateField(iso, language));
    props.onChange(iso);
  };

  return (
    <div className="relative">
      <input
        ref={input}
        id={props.id}
        name={props.name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={dateFieldPattern(language)}
        required={props.required}
        value={text}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.describedBy}
        onChange={(event) => {
          setText(event.target.value);
          const typed = event.target.value.trim();
          const iso = parseDateField(typed, language);
          if (iso) props.onChange(iso);
          else if (!typed) props.onChange('');
        }}
        onBlur={() => {
          if (text.trim() && !parseDateField(text, language)) props.onChange('');
          props.onBlur?.();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
          event.preventDefault();
          const from = props.value || props.min || todayInNepal();
          choose(within(props.value ? addDays(from, event.key === 'ArrowUp' ? 1 : -1) : from));
        }}
        className={`${props.className} pe-12`}
      />
      <button
        type="button"
        aria-label={t('search.openCalendar')}
        aria-haspopup="dialog"
        onClick={() => setCalendarOpen(true)}
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-slate-600 dark:text-slate-300"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor">
          <rect x="3.5" y="5" width="17" height="15" rx="2" strokeWidth="1.6" />
          <path d="M3.5 9.5h17M8 3v4M16 3v4" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      {calendarOpen && (
        <Suspense fallback={null}>
          <DatePickerDialog
            value={props.value}
            min={props.min}
            max={props.max}
            onChoose={choose}
            onClose={() => {
              setCalendarOpen(false);
              input.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
