import { describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { applyFilters, readFilters, writeFilters } from './offer-filters';

const offer = (
  id: string,
  airline: string,
  depart: string,
  stops: number,
  minutes: number,
  total: number,
): FlightOffer => ({
  id,
  supplier: 'house',
  stops,
  duration_minutes: minutes,
  seats_left: 5,
  fare: {
    family: 'Y',
    class_codes: ['Y'],
    cabin: 'economy',
    baggage: '20 KG',
    refundable: true,
    refund_policy: '',
  },
  price: { currency: 'NPR', total, per_passenger: [], commission: null },
  segments: [
    {
      airline_code: airline,
      airline_name: airline,
      flight_number: `${airline}101`,
      depart_code: 'KTM',
      dest_code: 'PKR',
      depart_at: `2026-12-01T${depart}:00+05:45`,
      arrive_at: `2026-12-01T${depart}:00+05:45`,
      aircraft: 'ATR',
      duration_minutes: minutes,
      class_code: 'Y',
      family: 'Y',
      cabin: 'economy',
      baggage: '20 KG',
      refundable: true,
      seats_left: 5,
    },
  ],
});

const offers = [
  offer('a', 'U4', '06:30', 0, 25, 700_000),
  offer('b', 'YT', '13:00', 0, 25, 650_000),
  offer('c', 'U4', '19:15', 1, 120, 600_000),
];

describe('results filters and sort', () => {
  it('sorts cheapest, fastest and earliest first', () => {
    const ids = (sort: string) =>
      applyFilters(offers, readFilters(new URLSearchParams({ sort }))).map((o) => o.id);
    expect(ids('cheapest')).toEqual(['c', 'b', 'a']);
    expect(ids('fastest')).toEqual(['b', 'a', 'c']);
    expect(ids('earliest')).toEqual(['a', 'b', 'c']);
  });

  it('filters by airline, stops, departure time and price', () => {
    const only = (query: string) =>
      applyFilters(offers, readFilters(new URLSearchParams(query))).map((o) => o.id);
    expect(only('airlines=U4')).toEqual(['c', 'a']);
    expect(only('stops=0')).toEqual(['b', 'a']);
    expect(only('dep=morning,evening')).toEqual(['c', 'a']);
    expect(only('max=650000')).toEqual(['c', 'b']);
  });

  it('keeps filters in the URL and reads them back', () => {
    const filters = readFilters(
      new URLSearchParams('sort=fastest&airlines=U4,YT&stops=1&dep=early&max=900000'),
    );
    expect(readFilters(writeFilters(new URLSearchParams('from=KTM'), filters))).toEqual(filters);
    expect(writeFilters(new URLSearchParams('from=KTM'), readFilters(new URLSearchParams())).toString()).toBe(
      'from=KTM',
    );
  });
});
