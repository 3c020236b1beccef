import { expect, it } from 'vitest';
import { LONG_LAYOVER_MINUTES, layoversOf } from './layovers';

const leg = (dest_code: string, depart_at: string, arrive_at: string) => ({
  dest_code,
  depart_at,
  arrive_at,
});

it('measures each wait at the connecting airport, across time zones', () => {
  const [wait] = layoversOf([
    leg('DOH', '2026-12-01T10:00:00+05:45', '2026-12-01T13:00:00+03:00'),
    leg('LHR', '2026-12-01T15:30:00+03:00', '2026-12-01T20:00:00+00:00'),
  ]);
  expect(wait).toEqual({ airport: 'DOH', minutes: 150, long: false, overnight: false });
});

it('marks six hours or more as long, and a next flight on a later day as overnight', () => {
  const [wait] = layoversOf([
    leg('DOH', '2026-12-01T18:00:00+05:45', '2026-12-01T21:00:00+03:00'),
    // A 28-hour connection.
    leg('LHR', '2026-12-03T01:00:00+03:00', '2026-12-03T06:00:00+00:00'),
  ]);
  expect(wait).toMatchObject({ minutes: 28 * 60, long: true, overnight: true });
  const [exactly] = layoversOf([
    leg('DEL', '2026-12-01T06:00:00+05:45', '2026-12-01T07:30:00+05:30'),
    leg('LHR', '2026-12-01T13:30:00+05:30', '2026-12-01T18:00:00+00:00'),
  ]);
  expect(exactly).toMatchObject({ minutes: LONG_LAYOVER_MINUTES, long: true, overnight: false });
});

it('has no wait for a non-stop flight', () => {
  expect(layoversOf([leg('PKR', '2026-12-01T07:00:00+05:45', '2026-12-01T07:25:00+05:45')])).toEqual([]);
});
