import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { MAX_SEATED } from '../search-rules';

export interface PassengerCounts {
  adults: number;
  children: number;
  infants: number;
}

/** Adults (12+), children (2–11) and infants (under 2, on a lap): at most 9 seated, infants ≤ adults. */
export function PassengerPicker(props: {
  value: PassengerCounts;
  onChange: (value: PassengerCounts) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  // A search link may carry a count the rules refuse (its message shows under the picker): the
  // steppers start from a count they can show.
  const shown = (n: number) => (Number.isInteger(n) && n >= 0 ? n : 0);
  const value = {
    adults: shown(props.value.adults),
    children: shown(props.value.children),
    infants: shown(props.value.infants),
  };
  const { adults, children, infants } = value;
  const seated = adults + children;
  const rows = [
    { key: 'adults', min: 1, max: MAX_SEATED - children, hint: t('search.adultsHint') },
    { key: 'children', min: 0, max: MAX_SEATED - adults, hint: t('search.childrenHint') },
    { key: 'infants', min: 0, max: adults, hint: t('search.infantsHint') },
  ] as const;
  const summary = t('search.travellers', { count: seated + infants });

  return (
    <div className="relative">
      <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300" id={`${id}-label`}>
        {t('search.passengers')}
      </span>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-labelledby={`${id}-label ${id}-summary`}
        onClick={() => setOpen((v) => !v)}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-left text-base dark:border-slate-600 dark:bg-slate-900"
      >
        <span id={`${id}-summary`}>{summary}</span>
      </button>
      {open && (
        <div
          id={`${id}-panel`}
          className="absolute z-20 mt-1 w-72 rounded-lg border border-slate-200 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {rows.map((row) => {
            const count = value[row.key];
            const label = t(`search.${row.key}`);
            return (
              <div key={row.key} className="flex items-center justify-between py-2">
                <div>
                  <div className="font-medium">{label}</div>
                  <div className="text-xs text-slate-600 dark:text-slate-400">{row.hint}</div>
                </div>
                <div className="flex items-center gap-3">
                  <button
                    type="button"
                    aria-label={t('search.fewer', { what: label })}
                    disabled={count <= row.min}
                    onClick={() => props.onChange(clampInfants({ ...value, [row.key]: count - 1 }))}
                    className="h-11 w-11 rounded-full border border-slate-300 text-lg disabled:opacity-40 dark:border-slate-600"
                  >
                    −
                  </button>
                  <output aria-live="polite" className="w-4 text-center">
                    {count}
                  </output>
                  <button
                    type="button"
                    aria-label={t('search.more', { what: label })}
                    disabled={count >= row.max}
                    onClick={() => props.onChange({ ...value, [row.key]: count + 1 })}
                    className="h-11 w-11 rounded-full border border-slate-300 text-lg disabled:opacity-40 dark:border-slate-600"
                  >
                    +
                  </button>
                </div>
              </div>
            );
          })}
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('search.passengerRules')}</p>
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="mt-3 w-full rounded-lg bg-brand py-2 font-semibold text-brand-contrast"
          >
            {t('search.done')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Fewer adults than infants is not allowed: removing an adult takes an infant with it. */
function clampInfants(counts: PassengerCounts): PassengerCounts {
  return { ...counts, infants: Math.min(counts.infants, counts.adults) };
}
