import { describe, expect, it } from 'vitest';
import { dayOf } from './calendar';
import { bookedShare, demandSold, finalLoad, seasonFactor } from './demand';
import type { DatedFlight, FareClass, ScheduledLeg } from './flight-network';

const leg: ScheduledLeg = {
  id: 1,
  supplier: 'house',
  airlineCode: 'U4',
  flightNumber: '601',
  origin: 'KTM',
  destination: 'PKR',
  originTimeZone: 'Asia/Kathmandu',
  destinationTimeZone: 'Asia/Kathmandu',
  departureMinutes: 7 * 60,
  arrivalMinutes: 7 * 60 + 25,
  arrivalDayOffset: 0,
  weekdays: 127,
  fromDay: dayOf('2026-01-01'),
  toDay: dayOf('2027-12-31'),
  aircraft: 'AT7',
  seatsByClass: { O: 8, B: 12, A: 30, Y: 20 },
};
const fare = (classCode: string, rank: number) => ({ classCode, rank, cabin: 'economy' }) as FareClass;
const ladder = [fare('O', 1), fare('B', 2), fare('A', 3), fare('Y', 4)];
const flightOn = (date: string): DatedFlight => {
  const day = dayOf(date);
  return {
    leg,
    day,
    departUtc: 0,
    arriveUtc: 0,
    arrivalDay: day,
    fares: ladder,
    ladder,
    finalLoad: Number.NaN,
  };
};

describe('the demand model', () => {
  it('peaks at Dashain and Tihar, in the trekking seasons, and is lowest in the monsoon', () => {
    expect(seasonFactor(dayOf('2026-10-15'))).toBeGreaterThan(seasonFactor(dayOf('2026-04-15')));
    expect(seasonFactor(dayOf('2026-11-05'))).toBeGreaterThan(seasonFactor(dayOf('2026-04-15')));
    expect(seasonFactor(dayOf('2026-04-15'))).toBeGreaterThan(seasonFactor(dayOf('2026-02-10')));
    expect(seasonFactor(dayOf('2026-07-15'))).toBeLessThan(seasonFactor(dayOf('2026-02-10')));
    let dashain = 0;
    let monsoon = 0;
    for (let i = 0; i < 28; i++) {
      dashain += finalLoad(leg, dayOf('2026-10-01') + i);
      monsoon += finalLoad(leg, dayOf('2026-07-01') + i);
    }
    expect(dashain).toBeGreaterThan(monsoon * 1.5);
  });

  it('sells more as departure nears, never more than a class holds, cheapest classes first', () => {
    expect(bookedShare(0)).toBe(1);
    expect(bookedShare(3)).toBeGreaterThan(bookedShare(30));
    const flight = flightOn('2026-10-16');
    let previous = -1;
    for (const daysBefore of [120, 60, 30, 14, 7, 3, 0]) {
      const sold = demandSold(flight, flight.day - daysBefore);
      let total = 0;
      for (const [code, seats] of sold) {
        expect(seats).toBeGreaterThanOrEqual(0);
        expect(seats).toBeLessThanOrEqual(leg.seatsByClass[code] ?? 0);
        total += seats;
      }
      expect(total).toBeGreaterThanOrEqual(previous);
      previous = total;
    }
    const nearDeparture = demandSold(flight, flight.day - 1);
    expect(nearDeparture.get('O')).toBe(8);
  });

  it('draws the same figures every time (seeded), and different ones for different dates', () => {
    const a = demandSold(flightOn('2026-12-01'), dayOf('2026-11-20'));
    const b = demandSold(flightOn('2026-12-01'), dayOf('2026-11-20'));
    expect([...a]).toEqual([...b]);
    const loads = new Set<number>();
    for (let i = 0; i < 14; i++) loads.add(finalLoad(leg, dayOf('2026-12-01') + i));
    expect(loads.size).toBe(14);
  });
});
