import { type KeyboardEvent, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { adToBs, BS_MONTH_NAMES } from '#shared/bikram-sambat';
import { fareCalendarQuery } from '#shared/flights';
import { formatAmount } from '#shared/format-money';
import type { CurrencyCode } from '#shared/money';
import { QueryError } from '../../components/ui/query-error';
import { addDays, formatAdDate, formatAdMonth, localDigits, todayInNepal } from '../../lib/dates';
import { addTranslations, currentLanguage, type Language, useTranslation } from '../../lib/i18n';
import { useZodForm } from '../../lib/use-zod-form';
import { useFareCalendar } from './api/get-fare-calendar';
import { addMonths, dateAfterKey, monthWeeks } from './calendar/month-grid';
import { calendarStrings } from './calendar-strings';
import { AirportPicker } from './components/airport-picker';
import { money } from './results/format';
import { readSearchQuery, writeSearchQuery } from './search-url';

addTranslations(calendarStrings);

const MONTHS_AHEAD = 12;
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * 450000 (paisa) → "4,500", lakh-grouped in English, Devanagari digits in Nepali; paisa only when
 * not zero, as every amount of the app (formatAmount); the currency is in the legend.
 */
const amount = (minor: number, currency: CurrencyCode, language: Language): string =>
  formatAmount(minor, currency, language);

const monthOf = (date: string) => date.slice(0, 7);

/** The route asked for: two airports as the calendar's API checks them, not the same one twice. */
const routeChoice = (messages: { from: string; to: string; same: string }) =>
  z
    .object({
      from: z.string().min(1, messages.from).pipe(fareCalendarQuery.shape.depart_code),
      to: z.string().min(1, messages.to).pipe(fareCalendarQuery.shape.dest_code),
    })
    .refine((route) => route.from !== route.to, { path: ['to'], message: messages.same });

/**
 * The fare calendar (/fare-calendar?from=KTM&to=PKR&month=2026-12): the lowest one-adult fare of
 * each day of a month for a route, with the Bikram Sambat date beside each AD date. Choosing a day
 * runs the search for it, with the passengers and class the traveller came with.
 */
export function FareCalendarPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readSearchQuery(searchParams);
  const today = todayInNepal();
  const firstMonth = monthOf(today);
  const lastMonth = addMonths(firstMonth, MONTHS_AHEAD);
  const asked = searchParams.get('month') ?? '';
  const month =
    /^\d{4}-\d{2}$/.test(asked) && asked >= firstMonth && asked <= lastMonth
      ? asked
      : monthOf(query.date || today);
  const { form, errorOf } = useZodForm(
    routeChoice({ from: t('search.errors.from'), to: t('search.errors.to'), same: t('search.errors.same') }),
    { from: query.from, to: query.to },
  );
  const route = useWatch({ control: form.control });
  const routeError = errorOf('from') ?? errorOf('to');
  const ready = /^[A-Z]{3}$/.test(query.from) && /^[A-Z]{3}$/.test(query.to) && query.from !== query.to;
  const calendar = useFareCalendar({ from: query.from, to: query.to, month, nat: query.nat }, ready);
  const [focused, setFocused] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const setParams = (patch: Record<string, string>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(patch)) next.set(key, value);
    setSearchParams(next);
  };

  const showRoute = form.handleSubmit(({ from, to }) => setParams({ from, to, month }));
  const pick = (name: 'from' | 'to', code: string) =>
    form.setValue(name, code, { shouldValidate: form.formState.isSubmitted });

  const days = new Map((calendar.data?.days ?? []).map((day) => [day.date, day.lowest_total]));
  const prices = [...days.values()].filter((price): price is number => price !== null);
  const cheapest = prices.length ? Math.min(...prices) : null;
  const currency = calendar.data?.currency ?? 'NPR';
  const firstBookable = (calendar.data?.days ?? []).find((day) => day.lowest_total !== null)?.date;
  const tabStop = focused && monthOf(focused) === month ? focused : (firstBookable ?? `${month}-01`);

  // A round trip keeps its return when the new departure is still before it.
  const choose = (date: string) => {
    const roundTrip = query.trip === 'roundtrip' && query.ret >= date;
    const trip = roundTrip ? 'roundtrip' : 'oneway';
    navigate(
      `/flight-search?${writeSearchQuery({ ...query, trip, date, ret: roundTrip ? query.ret : '', legs: [] })}`,
    );
  };

  const moveFocus = (event: KeyboardEvent, date: string) => {
    const next = dateAfterKey(date, event.key, month);
    if (!next) return;
    event.preventDefault();
    setFocused(next);
    buttons.current.get(next)?.focus();
  };

  const bsMonths = [`${month}-01`, addDays(`${addMonths(month, 1)}-01`, -1)]
    .map((date) => adToBs(date))
    .filter((bs) => bs !== null)
    .map((bs) => localDigits(`${BS_MONTH_NAMES[language][bs.month - 1]} ${bs.year}`, language));
  const monthTitle = formatAdMonth(month, language);

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t('calendar.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t('calendar.intro')}</p>
      </div>

      <form
        noValidate
        onSubmit={(event) => void showRoute(event)}
        aria-label={t('calendar.route')}
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:bg-slate-900 dark:ring-slate-800"
      >
        <AirportPicker
          label={t('home.from')}
          value={route.from ? { code: route.from, city: route.from } : null}
          onChange={(airport) => pick('from', airport.code)}
        />
        <AirportPicker
          label={t('home.to')}
          value={route.to ? { code: route.to, city: route.to } : null}
          onChange={(airport) => pick('to', airport.code)}
        />
        <button type="submit" className="h-11 rounded-lg bg-brand px-5 font-semibold text-brand-contrast">
          {t('calendar.show')}
        </button>
        {routeError && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-3 dark:text-red-400">
            {routeError}
          </p>
        )}
      </form>

      {ready && (
        <section aria-labelledby="calendar-month" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <button
              type="button"
              disabled={month <= firstMonth}
              onClick={() => setParams({ month: addMonths(month, -1) })}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm disabled:opacity-50 dark:border-slate-600"
            >
              <span aria-hidden="true">‹ </span>
              {t('calendar.previousMonth')}
            </button>
            <h2 id="calendar-month" className="text-center text-lg font-semibold">
              {query.from} → {query.to} · {monthTitle}
              <span className="block text-sm font-normal text-slate-600 dark:text-slate-300">
                {t('search.bs')}: {[...new Set(bsMonths)].join(' – ')}
              </span>
            </h2>
            <button
              type="button"
              disabled={month >= lastMonth}
              onClick={() => setParams({ month: addMonths(month, 1) })}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm disabled:opacity-50 dark:border-slate-600"
            >
              {t('calendar.nextMonth')}
              <span aria-hidden="true"> ›</span>
            </button>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('calendar.legend', { currency })}{' '}
            <span className="font-semibold text-emerald-800 dark:text-emerald-300">
              {t('calendar.cheapestMark')}
            </span>{' '}
            {t('calendar.cheapestLegend')}
          </p>

          {calendar.isPending && (
            <p role="status" className="font-medium">
              {t('calendar.loading')}
            </p>
          )}
          {calendar.isError && <QueryError error={calendar.error} onRetry={() => void calendar.refetch()} />}
          {calendar.data && (
            <>
              {cheapest === null && (
                <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center dark:border-slate-600">
                  {t('calendar.noFares')}
                </p>
              )}
              <table className="w-full table-fixed border-separate border-spacing-1">
                <caption className="sr-only">
                  {t('calendar.caption', { from: query.from, to: query.to, month: monthTitle })}
                </caption>
                <thead>
                  <tr>
                    {WEEKDAYS.map((day) => (
                      <th
                        key={day}
                        scope="col"
                        className="text-xs font-semibold text-slate-600 dark:text-slate-300"
                      >
                        <abbr title={t(`calendar.weekdays.${day}`)} className="no-underline">
                          {t(`calendar.weekdaysShort.${day}`)}
                        </abbr>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {monthWeeks(month).map((week) => (
                    <tr key={week.find(Boolean)}>
                      {WEEKDAYS.map((weekday, column) => {
                        const date = week[column];
                        if (!date) return <td key={weekday} />;
                        const price = days.get(date) ?? null;
                        const bs = adToBs(date);
                        const bsText = bs
                          ? localDigits(`${bs.day} ${BS_MONTH_NAMES[language][bs.month - 1]}`, language)
                          : '';
                        const isCheapest = price !== null && price === cheapest;
                        const dayText = localDigits(String(Number(date.slice(8))), language);
                        const priceText =
                          price === null
                            ? ''
                            : `${amount(price, currency, language)}${isCheapest ? ` ${t('calendar.cheapestMark')}` : ''}`;
                        // Said after the cell's visible text, which stays its name's start (WCAG 2.5.3).
                        const fullText = [
                          formatAdDate(date, language),
                          bs ? `${t('search.bs')} ${bsText}` : '',
                          price === null ? t('results.noFlights') : money(price, currency),
                          isCheapest ? t('calendar.cheapest') : '',
                        ]
                          .filter(Boolean)
                          .join(', ');
                        return (
                          <td key={weekday}>
                            <button
                              type="button"
                              ref={(element) => {
                                if (element) buttons.current.set(date, element);
                                else buttons.current.delete(date);
                              }}
                              tabIndex={date === tabStop ? 0 : -1}
                              aria-disabled={price === null ? true : undefined}
                              aria-current={date === today ? 'date' : undefined}
                              onFocus={() => setFocused(date)}
                              onKeyDown={(event) => moveFocus(event, date)}
                              onClick={() => price !== null && choose(date)}
                              className={`flex h-full min-h-16 w-full flex-col items-start rounded-lg border p-1 text-left sm:min-h-20 sm:p-2 ${
                                price === null
                                  ? 'cursor-default border-transparent bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400'
                                  : isCheapest
                                    ? 'border-emerald-600 bg-emerald-50 hover:bg-emerald-100 dark:bg-emerald-950'
                                    : 'border-slate-200 bg-white hover:border-brand dark:border-slate-700 dark:bg-slate-900'
                              }`}
                            >
                              <span className="text-sm font-semibold sm:text-base">{dayText}</span>
                              <span className="text-[0.65rem] leading-tight text-slate-600 sm:text-xs dark:text-slate-300">
                                {bsText}
                              </span>
                              <span
                                className={`mt-auto text-[0.7rem] font-semibold leading-tight [overflow-wrap:anywhere] sm:text-sm ${isCheapest ? 'text-emerald-800 dark:text-emerald-300' : ''}`}
                              >
                                {priceText}
                              </span>
                              <span className="sr-only">, {fullText}</span>
                            </button>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('calendar.keyboardHint')}</p>
            </>
          )}
          <p>
            <Link to={`/flight-search?${writeSearchQuery(query)}`} className="underline">
              {t('calendar.backToSearch')}
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}
