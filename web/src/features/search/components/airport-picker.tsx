import { useEffect, useId, useState } from 'react';
import type { Airport } from '#shared/airports';
import { fieldClass } from '../../../components/ui/form-styles';
import { useTranslation } from '../../../lib/i18n';
import { useAirports } from '../api/get-airports';

const DEBOUNCE_MS = 150;

/** An accessible combobox: type a code, city or airport name; arrows, Enter and Escape work. */
export function AirportPicker(props: {
  label: string;
  value: (Pick<Airport, 'code' | 'city'> & Partial<Pick<Airport, 'city_ne'>>) | null;
  error?: string | undefined;
  onChange: (airport: Airport) => void;
}) {
  const { t, i18n } = useTranslation();
  const nepali = i18n.language === 'ne';
  const id = useId();
  const [text, setText] = useState(() => airportText(props.value, nepali));
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const airports = useAirports(query);
  const options = airports.data ?? [];

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.includes('(') ? '' : text), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const choose = (airport: Airport) => {
    props.onChange(airport);
    setText(airportText(airport, nepali));
    setOpen(false);
  };

  return (
    <div className="relative">
      <label
        htmlFor={`${id}-input`}
        className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        {props.label}
      </label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        aria-activedescendant={open && options[active] ? `${id}-${options[active].code}` : undefined}
        autoComplete="off"
        placeholder={t('home.airportPlaceholder')}
        value={text}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 120)}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, options.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (event.key === 'Enter' && open && options[active]) {
            event.preventDefault();
            choose(options[active]);
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
        className={fieldClass(Boolean(props.error))}
      />
      {props.error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
      {open && options.length > 0 && (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={props.label}
          className="absolute z-20 mt-1 max-h-80 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {options.map((airport, index) => (
            <div
              key={airport.code}
              id={`${id}-${airport.code}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(airport);
              }}
              className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 ${
                index === active ? 'bg-slate-100 dark:bg-slate-800' : ''
              }`}
            >
              <span>
                <span className="block font-medium">
                  {nepali && airport.city_ne ? (
                    <>
                      {airport.city_ne}{' '}
                      <span className="font-normal text-slate-600 dark:text-slate-400" lang="en">
                        ({airport.city})
                      </span>
                    </>
                  ) : (
                    airport.city
                  )}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {airport.name}, {nepali ? (airport.country_ne ?? airport.country) : airport.country}
                </span>
              </span>
              <span className="font-mono text-sm font-semibold">{airport.code}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * "Pokhara (PKR)" ("पोखरा (PKR)" in Nepali), or just the code when only the code is known (a
 * search read from a URL).
 */
function airportText(
  airport: (Pick<Airport, 'code' | 'city'> & Partial<Pick<Airport, 'city_ne'>>) | null,
  nepali: boolean,
): string {
  if (!airport) return '';
  const city = nepali && airport.city_ne ? airport.city_ne : airport.city;
  return city && city !== airport.code ? `${city} (${airport.code})` : airport.code;
}
