import { addDays } from '../../lib/dates';
import type { SearchQuery } from './search-url';

/** Flights can be searched up to a year ahead. */
export const DAYS_AHEAD = 365;
/** Most passengers on seats in one booking (MAX_SEATED_PASSENGERS of shared/flights, without its zod). */
export const MAX_SEATED = 9;
/**
 * A return, or the next flight of a multi-city trip, is chosen this many days after the flight
 * before it; moving a date moves the dates after it by as many days
 * (docs/web.md#the-search-form-and-search-links).
 */
export const FOLLOWING_DAYS = 2;

/** Field key → the i18n key of its message. */
export type Errors = Record<string, string>;

const AIRPORT_CODE = /^[A-Z]{3}$/;
const isRealDate = (value: string) =>
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && addDays(value, 0) === value;

/**
 * The search rules, mirroring the server's so most mistakes are caught before a round trip. The
 * form and a search link (URL query) are checked by this one function, so both show the same
 * messages (docs/web.md#the-search-form-and-search-links).
 */
export function validateSearch(query: SearchQuery, today: string): Errors {
  const errors: Errors = {};
  const lastDay = addDays(today, DAYS_AHEAD);
  const checkDate = (key: string, value: string, after: string, emptyMessage: string) => {
    if (!value || !isRealDate(value)) errors[key] = emptyMessage;
    else if (value < after)
      errors[key] = after === today ? 'search.errors.past' : 'search.errors.beforePrevious';
    else if (value > lastDay) errors[key] = 'search.errors.tooFar';
  };
  const checkRoute = (fromKey: string, toKey: string, from: string, to: string) => {
    if (!from) errors[fromKey] = 'search.errors.from';
    else if (!AIRPORT_CODE.test(from)) errors[fromKey] = 'search.errors.airport';
    if (!to) errors[toKey] = 'search.errors.to';
    else if (!AIRPORT_CODE.test(to)) errors[toKey] = 'search.errors.airport';
    else if (from === to) errors[toKey] = 'search.errors.same';
  };
  if (query.trip === 'multicity') {
    let previous = today;
    query.legs.forEach((leg, index) => {
      checkRoute(`legs.${index}.from`, `legs.${index}.to`, leg.from, leg.to);
      checkDate(`legs.${index}.date`, leg.date, previous, 'search.errors.date');
      if (leg.date) previous = leg.date;
    });
  } else {
    checkRoute('from', 'to', query.from, query.to);
    checkDate('date', query.date, today, 'search.errors.date');
    if (query.trip === 'roundtrip')
      checkDate('ret', query.ret, query.date || today, 'search.errors.returnDate');
  }
  const counts = [query.adults, query.children, query.infants];
  if (counts.some((n) => !Number.isInteger(n) || n < 0)) errors.passengers = 'search.errors.passengerCount';
  else if (query.adults < 1) errors.passengers = 'search.errors.adults';
  else if (query.adults + query.children > MAX_SEATED) errors.passengers = 'search.errors.tooMany';
  else if (query.infants > query.adults) errors.infants = 'search.errors.infants';
  return errors;
}
