import { expect, it } from 'vitest';
import { plannedLegs, readSearchQuery, writeSearchQuery } from './search-url';

it('round-trips a search through the URL', () => {
  const query = readSearchQuery(
    new URLSearchParams(
      'trip=roundtrip&from=ktm&to=PKR&date=2026-12-01&ret=2026-12-05&adults=2&children=1&infants=1&cabin=economy&nat=in',
    ),
  );
  expect(query).toMatchObject({
    trip: 'roundtrip',
    from: 'KTM',
    to: 'PKR',
    adults: 2,
    children: 1,
    infants: 1,
    nat: 'IN',
  });
  expect(readSearchQuery(writeSearchQuery(query))).toEqual(query);
});

it('keeps multi-city legs in order', () => {
  const query = readSearchQuery(
    new URLSearchParams('trip=multicity&legs=KTM.PKR.2026-12-01~PKR.JMO.2026-12-03~JMO.PKR.2026-12-05'),
  );
  expect(query.legs.map((leg) => `${leg.from}-${leg.to}`)).toEqual(['KTM-PKR', 'PKR-JMO', 'JMO-PKR']);
  expect(readSearchQuery(writeSearchQuery(query))).toEqual(query);
});

it('keeps what a link asked for, so the rules can name the mistake instead of changing it', () => {
  const query = readSearchQuery(
    new URLSearchParams('trip=space&adults=-4&children=99&infants=x&date=tomorrow&from=<script>&to=ktmx'),
  );
  expect(query).toMatchObject({
    trip: 'oneway',
    adults: -4,
    children: 99,
    date: '',
    from: '<SCRIPT>',
    to: 'KTMX',
  });
  expect(query.infants).toBeNaN();
  // Counts left out take the seed's defaults (§3).
  expect(readSearchQuery(new URLSearchParams('from=KTM'))).toMatchObject({
    adults: 1,
    children: 0,
    infants: 0,
  });
});

it('plans one leg per flight from the URL alone', () => {
  const roundTrip = readSearchQuery(
    new URLSearchParams('trip=roundtrip&from=KTM&to=PKR&date=2026-12-01&ret=2026-12-05'),
  );
  expect(plannedLegs(roundTrip)).toEqual([
    { from: 'KTM', to: 'PKR', date: '2026-12-01' },
    { from: 'PKR', to: 'KTM', date: '2026-12-05' },
  ]);
  const multi = readSearchQuery(
    new URLSearchParams('trip=multicity&legs=KTM.PKR.2026-12-01~PKR.JMO.2026-12-03'),
  );
  expect(plannedLegs(multi).map((leg) => leg.to)).toEqual(['PKR', 'JMO']);
  expect(plannedLegs(readSearchQuery(new URLSearchParams('from=KTM&to=BIR')))).toHaveLength(1);
});
