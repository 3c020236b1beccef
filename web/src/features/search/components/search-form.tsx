import { type FormEvent, useDeferredValue, useState } from 'react';
import type { Country } from '#shared/countries';
import { addDays, daysBetween, todayInNepal } from '../../../lib/dates';
import { nationalityOptions, useCountries } from '../../../lib/get-countries';
import { useTranslation } from '../../../lib/i18n';
import { DAYS_AHEAD, type Errors, FOLLOWING_DAYS, validateSearch } from '../search-rules';

import type { SearchQuery } from '../search-url';
import { AirportPicker } from './airport-picker';
import { DateField } from './date-field';
import { PassengerPicker } from './passenger-picker';

const MAX_LEGS = 5;

type Leg = SearchQuery['legs'][number];
/** A leg being edited, with a stable key so removing one does not shuffle the others' state. */
type EditedLeg = Leg & { key: number };
type EditedQuery = Omit<SearchQuery, 'legs'> & { legs: EditedLeg[] };

let nextLegKey = 0;
const keyed = (leg: Leg): EditedLeg => ({ ...leg, key: nextLegKey++ });
const unkeyed = (query: EditedQuery): SearchQuery => ({
  ...query,
  legs: query.legs.map(({ key: _key, ...leg }) => leg),
});

/** The nationality shown until the list of countries arrives (the default search's). */
const NEPAL: Country = {
  code: 'NP',
  name: 'Nepal',
  name_ne: 'नेपाल',
  nationality: 'Nepalese',
  dial_code: '+977',
};

/**
 * The home page's search form: the one form that keeps its own state instead of useZodForm, so
 * react-hook-form and zod stay out of the home page's initial JavaScript, and its one check is
 * `validateSearch`, which reads search links too (docs/web.md#the-search-form-and-search-links).
 */
export function SearchForm(props: {
  initial: SearchQuery;
  onSearch: (query: SearchQuery) => void;
  compact?: boolean;
  /** A search link's query: its mistakes are shown at once, with the form's messages. */
  checkAtStart?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const today = todayInNepal();
  const lastDay = addDays(today, DAYS_AHEAD);
  const [query, setQuery] = useState<EditedQuery>(() => withLegs(props.initial, lastDay));
  // Once checked, the messages follow the fields: an error goes as soon as its field is fixed.
  const [checked, setChecked] = useState(Boolean(props.checkAtStart));
  const errors: Errors = checked ? validateSearch(unkeyed(query), today) : {};
  // The long list of nationalities is drawn in a transition, after the form is usable.
  const countries = useDeferredValue(useCountries().data);
  // Until the picker is touched or focused it holds only the chosen nationality: 250 options are
  // a fifth of the home page's first render on a phone, and most searches never change it.
  const [nationalitiesWanted, setNationalitiesWanted] = useState(false);
  const wantNationalities = () => setNationalitiesWanted(true);
  const allNationalities = nationalityOptions(countries ?? [NEPAL], i18n.language);
  const chosenNationality = allNationalities.filter(([code]) => code === query.nat);
  const nationalities =
    nationalitiesWanted || chosenNationality.length === 0 ? allNationalities : chosenNationality;
  const update = (patch: Partial<EditedQuery>) => setQuery((q) => ({ ...q, ...patch }));
  const error = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  /** A date a number of days after another, never past the last searchable day. */
  const after = (date: string, days: number) => {
    const moved = addDays(date, days);
    // biome-ignore lint/complexity/useMathMinMax: ISO dates are strings, compared as text
    return moved > lastDay ? lastDay : moved;
  };
  /** Dates that follow a moved date move with it; an unset one is chosen after it. */
  const following = (dates: string[], previous: string, moved: string): string[] => {
    const shift = previous && moved ? daysBetween(previous, moved) : 0;
    let before = moved;
    return dates.map((date) => {
      const next = date ? (shift ? after(date, shift) : date) : before ? after(before, FOLLOWING_DAYS) : '';
      before = next;
      return next;
    });
  };

  const changeTrip = (trip: SearchQuery['trip']) => {
    if (trip === 'multicity') {
      const first = { ...(query.legs[0] as EditedLeg), from: query.from, to: query.to, date: query.date };
      const second = query.legs[1] as EditedLeg;
      const legs = [first, { ...second, from: second.from || query.to }, ...query.legs.slice(2)];
      const dates = following(
        legs.slice(1).map((leg) => leg.date),
        query.legs[0]?.date ?? '',
        first.date,
      );
      return update({
        trip,
        legs: legs.map((leg, i) => (i === 0 ? leg : { ...leg, date: dates[i - 1] ?? '' })),
      });
    }
    const first = query.trip === 'multicity' ? query.legs[0] : undefined;
    const from = first ? first.from : query.from;
    const to = first ? first.to : query.to;
    const date = first ? first.date : query.date;
    const ret = trip === 'roundtrip' && !query.ret && date ? after(date, FOLLOWING_DAYS) : query.ret;
    update({ trip, from, to, date, ret });
  };

  const changeDeparture = (date: string) => {
    const [ret = ''] = query.trip === 'roundtrip' ? following([query.ret], query.date, date) : [query.ret];
    update({ date, ret });
  };

  const changeLegDate = (index: number, date: string) => {
    const later = following(
      query.legs.slice(index + 1).map((leg) => leg.date),
      query.legs[index]?.date ?? '',
      date,
    );
    update({
      legs: query.legs.map((leg, i) =>
        i === index ? { ...leg, date } : i > index ? { ...leg, date: later[i - index - 1] ?? '' } : leg,
      ),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(validateSearch(unkeyed(query), today)).length === 0) props.onSearch(unkeyed(query));
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('home.searchFlights')} className="grid gap-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('search.tripType')}</legend>
        {(['oneway', 'roundtrip', 'multicity'] as const).map((trip) => (
          <label
            key={trip}
            className={`inline-flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm font-medium has-[:focus-visible]:outline-2 ${
              query.trip === trip
                ? 'border-brand bg-brand text-brand-contrast'
                : 'border-slate-300 dark:border-slate-600'
            }`}
          >
            <input
              type="radio"
              name="trip"
              value={trip}
              checked={query.trip === trip}
              onChange={() => changeTrip(trip)}
              className="sr-only"
            />
            {t(`search.trip.${trip}`)}
          </label>
        ))}
      </fieldset>

      {query.trip === 'multicity' ? (
        <div className="grid gap-3">
          {query.legs.map((leg, index) => (
            <fieldset
              key={leg.key}
              className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start dark:border-slate-700"
            >
              <legend className="px-1 text-sm font-semibold">{t('search.flightN', { n: index + 1 })}</legend>
              <AirportPicker
                label={t('home.from')}
                value={leg.from ? { code: leg.from, city: leg.from } : null}
                error={error(`legs.${index}.from`)}
                onChange={(airport) =>
                  update({ legs: replaceLeg(query.legs, index, { from: airport.code }) })
                }
              />
              <AirportPicker
                label={t('home.to')}
                value={leg.to ? { code: leg.to, city: leg.to } : null}
                error={error(`legs.${index}.to`)}
                onChange={(airport) => {
                  const legs = replaceLeg(query.legs, index, { to: airport.code });
                  const next = legs[index + 1];
                  if (next && !next.from) legs[index + 1] = { ...next, from: airport.code };
                  update({ legs });
                }}
              />
              <DateField
                label={t('search.departDate')}
                value={leg.date}
                min={query.legs[index - 1]?.date || today}
                max={lastDay}
                error={error(`legs.${index}.date`)}
                onChange={(date) => changeLegDate(index, date)}
              />
              {query.legs.length > 2 && (
                <button
                  type="button"
                  onClick={() => update({ legs: query.legs.filter((_, i) => i !== index) })}
                  className="min-h-11 self-center rounded-lg px-3 text-sm underline sm:mt-6"
                >
                  {t('search.removeFlight')}
                </button>
              )}
            </fieldset>
          ))}
          {query.legs.length < MAX_LEGS && (
            <button
              type="button"
              onClick={() =>
                update({
                  legs: [
                    ...query.legs,
                    keyed({
                      from: query.legs.at(-1)?.to ?? '',
                      to: '',
                      date: query.legs.at(-1)?.date
                        ? after(query.legs.at(-1)?.date ?? '', FOLLOWING_DAYS)
                        : '',
                    }),
                  ],
                })
              }
              className="min-h-11 justify-self-start rounded-lg border border-dashed border-slate-400 px-4 text-sm"
            >
              {t('search.addFlight')}
            </button>
          )}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto_1fr] sm:items-start">
          <AirportPicker
            label={t('home.from')}
            value={query.from ? { code: query.from, city: query.from } : null}
            error={error('from')}
            onChange={(airport) => update({ from: airport.code })}
          />
          <button
            type="button"
            aria-label={t('search.swap')}
            onClick={() => update({ from: query.to, to: query.from })}
            className="h-11 w-11 self-center justify-self-center rounded-full border border-slate-300 sm:mt-6 dark:border-slate-600"
          >
            ⇄
          </button>
          <AirportPicker
            label={t('home.to')}
            value={query.to ? { code: query.to, city: query.to } : null}
            error={error('to')}
            onChange={(airport) => update({ to: airport.code })}
          />
        </div>
      )}

      <div className={`grid gap-3 ${props.compact ? 'sm:grid-cols-4' : 'sm:grid-cols-2 lg:grid-cols-4'}`}>
        {query.trip !== 'multicity' && (
          <DateField
            label={t('search.departDate')}
            value={query.date}
            min={today}
            max={lastDay}
            error={error('date')}
            onChange={changeDeparture}
          />
        )}
        {query.trip === 'roundtrip' && (
          <DateField
            label={t('search.returnDate')}
            value={query.ret}
            min={query.date || today}
            max={lastDay}
            error={error('ret')}
            onChange={(ret) => update({ ret })}
          />
        )}
        <div>
          <PassengerPicker
            value={{ adults: query.adults, children: query.children, infants: query.infants }}
            onChange={(counts) => update(counts)}
          />
          {(error('passengers') ?? error('infants')) && (
            <p className="mt-1 text-sm text-red-700 dark:text-red-400">
              {error('passengers') ?? error('infants')}
            </p>
          )}
        </div>
        <label className="block">
          <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('search.cabin')}
          </span>
          <select
            value={query.cabin}
            onChange={(event) => update({ cabin: event.target.value })}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">{t('search.anyCabin')}</option>
            <option value="economy">{t('search.economy')}</option>
            <option value="business">{t('search.business')}</option>
          </select>
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('search.nationality')}
          </span>
          <select
            value={query.nat}
            onChange={(event) => update({ nat: event.target.value })}
            onFocus={wantNationalities}
            onPointerDown={wantNationalities}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base dark:border-slate-600 dark:bg-slate-900"
          >
            {nationalities.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button
        type="submit"
        className="h-12 rounded-lg bg-brand px-6 font-semibold text-brand-contrast sm:justify-self-end"
      >
        {t('home.searchFlights')}
      </button>
    </form>
  );
}

function withLegs(query: SearchQuery, lastDay: string): EditedQuery {
  const next = query.date ? addDays(query.date, FOLLOWING_DAYS) : '';
  const legs =
    query.legs.length >= 2
      ? query.legs
      : [
          { from: query.from, to: query.to, date: query.date },
          { from: query.to, to: '', date: next > lastDay ? lastDay : next },
        ];
  return { ...query, legs: legs.map(keyed) };
}

function replaceLeg(legs: EditedLeg[], index: number, patch: Partial<Leg>) {
  return legs.map((leg, i) => (i === index ? { ...leg, ...patch } : leg));
}
