import { describe, expect, it } from 'vitest';
import type { FlightOffer, SearchFlight } from '#shared/flights';
import { applyFilters, applyFlightFilters, readFilters, writeFilters } from './offer-filters';

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

/** A flight sold at each of the given totals (one fare family per total, cheapest first). */
const flightOf = (base: FlightOffer, totals: number[]): SearchFlight => ({
  id: base.id,
  supplier: base.supplier,
  segments: base.segments,
  stops: base.stops,
  duration_minutes: base.duration_minutes,
  lowest_total: Math.min(...totals),
  families: totals.map((total, index) => ({
    offer_id: `${base.id}${index}`,
    family: `F${index}`,
    class_codes: ['Y'],
    cabin: 'economy',
    baggage: '20 KG',
    refundable: index > 0,
    refund_policy: '',
    conditions: {
      refund: {
        allowed: true,
        tiers: [{ hours_before_departure: 2, fee: { percent: index > 0 ? 10 : 100 } }],
      },
      change: { allowed: false, tiers: [] },
      no_show: { fee: { percent: 100 } },
      baggage: { checked_kg: 20, cabin_kg: 0 },
    },
    seats_left: 5,
    price: { ...base.price, total },
  })),
});

describe('results filters and sort over flights with fare families', () => {
  const [a, b, c] = offers as [FlightOffer, FlightOffer, FlightOffer];
  const flights = [
    flightOf(a, [700_000, 900_000]),
    flightOf(b, [650_000]),
    flightOf(c, [600_000, 1_200_000]),
  ];
  const ids = (query: string) =>
    applyFlightFilters(flights, readFilters(new URLSearchParams(query))).map((f) => f.id);

  it('prices and sorts a flight by its cheapest family', () => {
    expect(ids('sort=cheapest')).toEqual(['c', 'b', 'a']);
    expect(ids('sort=fastest')).toEqual(['b', 'a', 'c']);
    expect(ids('sort=earliest')).toEqual(['a', 'b', 'c']);
    expect(ids('max=650000')).toEqual(['c', 'b']);
  });

  it('puts best first the flight whose price and time are nearest the lowest of each', () => {
    // c is the cheapest (600k) but takes 120 min; b costs 8 % more and takes 25 min.
    expect(ids('sort=best')).toEqual(['b', 'a', 'c']);
    // Once the fast flights cost seven times as much, the slow cheap one is best.
    const dear = [flightOf(a, [1_500_000]), flightOf(b, [1_400_000]), flightOf(c, [200_000])];
    const best = applyFlightFilters(dear, readFilters(new URLSearchParams('sort=best')));
    expect(best.map((f) => f.id)).toEqual(['c', 'b', 'a']);
    expect(
      writeFilters(new URLSearchParams(), readFilters(new URLSearchParams('sort=best'))).get('sort'),
    ).toBe('best');
  });

  it('filters flights by airline, stops and departure time as it does offers', () => {
    expect(ids('airlines=U4')).toEqual(['c', 'a']);
    expect(ids('stops=0')).toEqual(['b', 'a']);
    expect(ids('dep=morning,evening')).toEqual(['c', 'a']);
  });
});
