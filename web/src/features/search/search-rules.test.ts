import { describe, expect, it } from 'vitest';
import { validateSearch } from './search-rules';
import { readSearchQuery } from './search-url';

const today = '2026-12-01';
const errorsOf = (link: string) => validateSearch(readSearchQuery(new URLSearchParams(link)), today);
const valid = 'trip=oneway&from=KTM&to=PKR&date=2026-12-02&adults=1&nat=NP';

describe('a search link is checked by the form rules', () => {
  it('accepts a good link', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it.each([
    ['a past date', 'date=2026-11-30', { date: 'search.errors.past' }],
    ['a date that does not exist', 'date=2026-02-30', { date: 'search.errors.date' }],
    ['a date more than a year ahead', 'date=2027-12-02', { date: 'search.errors.tooFar' }],
    ['the same airport twice', 'to=KTM', { to: 'search.errors.same' }],
    ['a code that is no airport code', 'to=PKRX', { to: 'search.errors.airport' }],
    ['ten adults', 'adults=10', { passengers: 'search.errors.tooMany' }],
    ['five adults and five children', 'adults=5&children=5', { passengers: 'search.errors.tooMany' }],
    ['no adult', 'adults=0', { passengers: 'search.errors.adults' }],
    ['a count that is no whole number', 'children=1.5', { passengers: 'search.errors.passengerCount' }],
    ['more infants than adults', 'adults=1&infants=2', { infants: 'search.errors.infants' }],
  ])('names %s', (_what, change, expected) => {
    const params = new URLSearchParams(valid);
    for (const [key, value] of new URLSearchParams(change)) params.set(key, value);
    expect(errorsOf(params.toString())).toEqual(expected);
  });

  it('checks a return before the departure and multi-city legs out of order', () => {
    expect(errorsOf(`${valid}&trip=roundtrip&ret=2026-12-01`.replace('trip=oneway&', ''))).toEqual({
      ret: 'search.errors.beforePrevious',
    });
    expect(errorsOf('trip=multicity&legs=KTM.PKR.2026-12-05~PKR.KTM.2026-12-03&adults=1')).toEqual({
      'legs.1.date': 'search.errors.beforePrevious',
    });
  });
});
