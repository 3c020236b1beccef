import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { adToBs, BS_MONTH_NAMES } from '#shared/bikram-sambat';
import { addDays, bsLabel, formatAdDate, formatAdMonth, localDigits, todayInNepal } from '../../lib/dates';
import { addTranslations, currentLanguage, nepaliCalendarNames, useTranslation } from '../../lib/i18n';
import { datePickerStrings } from './date-picker-strings';

addTranslations(datePickerStrings);

const ENGLISH_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The days of a month's calendar (weeks from Sunday), '' before the first and after the last. */
function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const leading = new Date(`${first}T00:00:00Z`).getUTCDay();
  const days: string[] = Array.from({ length: leading }, () => '');
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  while (days.length % 7) days.push('');
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

const shiftMonth = (month: string, by: number) => {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + by);
  return date.toISOString().slice(0, 7);
};

const isRealDate = (iso: string) => {
  const time = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === iso;
};

/** Where a calendar key moves from a day, or null for other keys. */
function dayAfterKey(from: string, key: string): string | null {
  const weekday = new Date(`${from}T00:00:00Z`).getUTCDay();
  let target: string;
  if (key === 'ArrowLeft') target = addDays(from, -1);
  else if (key === 'ArrowRight') target = addDays(from, 1);
  else if (key === 'ArrowUp') target = addDays(from, -7);
  else if (key === 'ArrowDown') target = addDays(from, 7);
  else if (key === 'Home') target = addDays(from, -weekday);
  else if (key === 'End') target = addDays(from, 6 - weekday);
  else if (key === 'PageUp' || key === 'PageDown') {
    // The same day a month on, or that month's last day ("31 March" a month on is 30 April).
    const month = shiftMonth(from.slice(0, 7), key === 'PageUp' ? -1 : 1);
    target = `${month}${from.slice(7)}`;
    while (!isRealDate(target)) target = `${month}-${String(Number(target.slice(8)) - 1).padStart(2, '0')}`;
  } else return null;
  return target;
}

/** "Mangsir–Poush 2083" for the BS months an AD month spans. */
function bsMonthsOf(month: string, last: string, language: 'en' | 'ne'): string {
  const from = adToBs(`${month}-01`);
  const to = adToBs(last);
  if (!from || !to) return '';
  const name = (bs: { month: number }) => BS_MONTH_NAMES[language][bs.month - 1];
  const text =
    from.year === to.year
      ? `${name(from)}–${name(to)} ${to.year}`
      : `${name(from)} ${from.year} – ${name(to)} ${to.year}`;
  return localDigits(text, language);
}

/**
 * A month of AD days, each with its Bikram Sambat day beneath, in a modal dialog: arrow keys move
 * a day or a week, Page Up/Down a month, Home/End the week's ends, Enter chooses, Escape closes.
 */
export default function DatePickerDialog(props: {
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onChoose: (iso: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const dialog = useRef<HTMLDialogElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const clamp = (iso: string) =>
    props.min && iso < props.min ? props.min : props.max && iso > props.max ? props.max : iso;
  const [focused, setFocused] = useState(() => clamp(props.value || todayInNepal()));
  const [month, setMonth] = useState(focused.slice(0, 7));

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  useEffect(() => {
    // The dialog opens on the chosen day, and focus follows the keys.
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const moveTo = (iso: string) => {
    const next = clamp(iso);
    setFocused(next);
    setMonth(next.slice(0, 7));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = dayAfterKey(focused, event.key);
    if (!target) return;
    event.preventDefault();
    moveTo(target);
  };

  const weeks = monthWeeks(month);
  const lastDay = weeks.flat().filter(Boolean).at(-1) ?? `${month}-01`;
  const weekdays =
    language === 'ne' ? (nepaliCalendarNames()?.weekdays ?? ENGLISH_WEEKDAYS) : ENGLISH_WEEKDAYS;
  const titleId = 'date-picker-title';
  const canGoBack = !props.min || `${month}-01` > props.min;
  const canGoOn = !props.max || lastDay < props.max;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={props.onClose}
      className="m-auto w-[min(22rem,calc(100vw-1rem))] rounded-xl bg-white p-3 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label={t('datePicker.previousMonth')}
          disabled={!canGoBack}
          onClick={() => setMonth(shiftMonth(month, -1))}
          className="h-11 w-11 rounded-lg text-xl disabled:opacity-30"
        >
          ‹
        </button>
        <h2 id={titleId} className="text-center font-semibold" aria-live="polite">
          {formatAdMonth(month, language)}
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
            {t('search.bs')} {bsMonthsOf(month, lastDay, language)}
          </span>
        </h2>
        <button
          type="button"
          aria-label={t('datePicker.nextMonth')}
          disabled={!canGoOn}
          onClick={() => setMonth(shiftMonth(month, 1))}
          className="h-11 w-11 rounded-lg text-xl disabled:opacity-30"
        >
          ›
        </button>
      </div>
      <table ref={grid} aria-labelledby={titleId} className="mt-2 w-full table-fixed" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th
                key={name}
                scope="col"
                className="pb-1 text-xs font-medium text-slate-600 dark:text-slate-400"
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) =>
                day ? (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-date={day}
                      tabIndex={
                        day === focused || (!focused.startsWith(month) && day.endsWith('-01')) ? 0 : -1
                      }
                      disabled={
                        (props.min !== undefined && day < props.min) ||
                        (props.max !== undefined && day > props.max)
                      }
                      aria-pressed={day === props.value}
                      onClick={() => {
                        props.onChoose(day);
                        dialog.current?.close();
                      }}
                      className={`flex h-11 w-full flex-col items-center justify-center rounded-lg leading-tight disabled:opacity-30 ${
                        day === props.value
                          ? 'bg-brand text-white'
                          : 'hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800'
                      }`}
                    >
                      <span aria-hidden="true" className="text-sm font-medium">
                        {localDigits(String(Number(day.slice(8))), language)}
                      </span>
                      <span aria-hidden="true" className="text-[0.65rem] opacity-75">
                        {localDigits(String(adToBs(day)?.day ?? ''), language)}
                      </span>
                      {/* Read as the whole date with its BS date; shown as the two day numbers. */}
                      <span className="sr-only">
                        {t('datePicker.dayName', {
                          ad: formatAdDate(day, language),
                          bs: bsLabel(day, language),
                        })}
                      </span>
                    </button>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a week's blank cells never move
                  <td key={`blank-${week.find(Boolean)}-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('datePicker.bsNote')}</p>
      <div className="mt-2 flex justify-end">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="min-h-11 rounded-lg px-4 text-sm underline"
        >
          {t('datePicker.close')}
        </button>
      </div>
    </dialog>
  );
}
