import { expect, it } from 'vitest';
import { nepalAirports } from '../../server/src/seed/data/nepal-airports';
import { isInternational, NEPAL_AIRPORT_CODES } from './nepal';

it('lists exactly the domestic airports the seed loads for Nepal', () => {
  expect([...NEPAL_AIRPORT_CODES].sort()).toEqual(nepalAirports.map((a) => a.code).sort());
});

it('calls a trip international when any airport is abroad', () => {
  expect(isInternational(['KTM', 'PKR'])).toBe(false);
  expect(isInternational(['KTM', 'DOH', 'LHR'])).toBe(true);
});
