import { expect, it } from 'vitest';
import { NEPAL_AIRPORT_CODES } from './nepal';
import { NEPALI_CITY_NAMES } from './nepal-city-names';
import { hasDevanagari } from './romanize-devanagari';

it('names every domestic airport’s city in Devanagari, and no other airport', () => {
  expect(Object.keys(NEPALI_CITY_NAMES).sort()).toEqual([...NEPAL_AIRPORT_CODES].sort());
  for (const name of Object.values(NEPALI_CITY_NAMES)) {
    expect(hasDevanagari(name)).toBe(true);
    expect(name).toBe(name.normalize('NFC'));
    expect(name).not.toMatch(/[A-Za-z]/);
  }
});
