import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localToUtc, utcToLocal } from '#shared/time/zoned';
import { worldAirports } from './world-airports';

/** `../shared/docs/domain-nepal.md`, the product's reference for Nepal, beside the repository. */
const domainNepal = readFileSync(
  new URL('../../../../../shared/docs/domain-nepal.md', import.meta.url),
  'utf8',
);

/** "KTM VNKT Kathmandu 27.6966 85.3591 · PKR VNPK Pokhara (domestic, …) 28.2009 83.9821 · …" */
function documentedNepalAirports() {
  const section = domainNepal.split('## Domestic airports')[1]?.split('\n## ')[0] ?? '';
  const entries = section.matchAll(/([A-Z]{3}) ([A-Z]{4}) (.+?) (\d+\.\d+) (\d+\.\d+)/g);
  return [...entries].map(([, code, icao, place, latitude, longitude]) => ({
    code: code as string,
    icao: icao as string,
    place: (place as string).replace(/\s*\(.*?\)/g, ''),
    latitude: Number(latitude),
    longitude: Number(longitude),
  }));
}

describe('the generated airport data set', () => {
  it("holds Nepal's domestic airports exactly as domain-nepal.md lists them, all in Asia/Kathmandu", () => {
    const documented = documentedNepalAirports();
    expect(documented.length).toBeGreaterThanOrEqual(22);
    const nepal = worldAirports.filter((airport) => airport.countryCode === 'NP');
    expect(nepal.map((airport) => airport.code).sort()).toEqual(documented.map((d) => d.code).sort());
    for (const expected of documented) {
      const airport = nepal.find((candidate) => candidate.code === expected.code);
      expect(airport, expected.code).toMatchObject({
        icao: expected.icao,
        latitude: expected.latitude,
        longitude: expected.longitude,
        timeZone: 'Asia/Kathmandu',
      });
      // "Ramechhap/Manthali", "Pokhara International": each named place is in the name or city.
      for (const part of expected.place.split('/'))
        expect(`${airport?.name} ${airport?.city}`, expected.code).toContain(part);
    }
    expect(nepal.find((airport) => airport.code === 'PHH')?.name).toBe('Pokhara International Airport');
  });

  it('keeps Nepal on +05:45 all year: a 06:30 departure is 00:45 UTC', () => {
    expect(utcToLocal(localToUtc('2026-06-15T06:30', 'Asia/Kathmandu'), 'Asia/Kathmandu').iso).toBe(
      '2026-06-15T06:30:00+05:45',
    );
    expect(localToUtc('2026-12-31T06:30', 'Asia/Kathmandu')).toBe(Date.parse('2026-12-31T00:45Z'));
  });

  it('has one entry per IATA code, each with coordinates and a zone the runtime knows', () => {
    const codes = worldAirports.map((airport) => airport.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(4000);
    for (const airport of worldAirports) {
      expect(airport.code, airport.code).toMatch(/^[A-Z]{3}$/);
      expect(Math.abs(airport.latitude), airport.code).toBeLessThanOrEqual(90);
      expect(Math.abs(airport.longitude), airport.code).toBeLessThanOrEqual(180);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: airport.timeZone }), airport.code).not.toThrow();
    }
  });
});
