import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightSearchRequest } from '#shared/flights';
import type { Database } from '../../db/client';
import type { AppError } from '../../errors';
import { holdSeats } from '../../test/bookings';
import { createTestDatabase } from '../../test/test-database';
import { dateOf, todayInNepal } from '../flight-engine/calendar';
import { houseSupplier } from '../suppliers/house-supplier';
import { searchFlights } from './search-flights';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/**
 * The cheapest KTM→BIR offer on a date with seats for twice the adults, and the seats it shows;
 * with a flight number and class, that flight's offer in that class instead.
 */
async function cheapest(daysAhead: number, adults: number, flightNumber?: string, classCode?: string) {
  const result = await searchFlights(database.db, {
    params: flightSearchRequest.parse({
      depart_code: 'KTM',
      dest_code: 'BIR',
      depart_date: dateOf(todayInNepal() + daysAhead),
      adults,
    }),
    grantedCommissionPercent: 0,
    agentMarkupPercent: null,
    brandId: null,
  });
  const offers = result.legs[0]?.offers ?? [];
  return flightNumber
    ? offers.find(
        (o) =>
          o.segments[0]?.flight.leg.flightNumber === flightNumber &&
          o.segments[0]?.fare.classCode === classCode,
      )
    : // One with room for twice the party, so the class is still on sale after one hold.
      offers.find((o) => o.seatsLeft >= 2 * adults);
}

const inTenMinutes = () => new Date(Date.now() + 600_000);

describe('the house supplier', () => {
  it('takes held seats out of what the search shows, and gives cancelled ones back', async () => {
    const offer = await cheapest(30, 2);
    if (!offer) throw new Error('no offer');
    const flightNumber = offer.segments[0]?.flight.leg.flightNumber;
    const classCode = offer.segments[0]?.fare.classCode;
    const hold = await holdSeats(houseSupplier, database.db, {
      offer,
      expiresAt: inTenMinutes(),
    });
    expect(hold.locator).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect((await cheapest(30, 2, flightNumber, classCode))?.seatsLeft).toBe(offer.seatsLeft - 2);
    await houseSupplier.issue(database.db, { locator: hold.locator });
    expect((await cheapest(30, 2, flightNumber, classCode))?.seatsLeft).toBe(offer.seatsLeft - 2);
    await houseSupplier.cancel(database.db, { locator: hold.locator });
    expect((await cheapest(30, 2, flightNumber, classCode))?.seatsLeft).toBe(offer.seatsLeft);
  });

  it('gives the seats of a lapsed hold back to the next buyer', async () => {
    const offer = await cheapest(32, 9);
    if (!offer) throw new Error('no offer');
    const flightNumber = offer.segments[0]?.flight.leg.flightNumber;
    const classCode = offer.segments[0]?.fare.classCode;
    for (let left = offer.seatsLeft; left >= 9; left -= 9) {
      await holdSeats(houseSupplier, database.db, {
        offer,
        expiresAt: new Date(Date.now() - 1000),
      });
    }
    expect(await cheapest(32, 9, flightNumber, classCode)).toBeUndefined();
    await holdSeats(houseSupplier, database.db, {
      offer,
      expiresAt: inTenMinutes(),
    });
    expect((await cheapest(32, 1, flightNumber, classCode))?.seatsLeft).toBe(offer.seatsLeft - 9);
  });

  it('never sells the same last seats twice, even to buyers racing for them', async () => {
    const offer = await cheapest(33, 9);
    if (!offer) throw new Error('no offer');
    const buyers = Math.floor(offer.seatsLeft / 9) + 3;
    const results = await Promise.allSettled(
      Array.from({ length: buyers }, () =>
        holdSeats(houseSupplier, database.db, {
          offer,
          expiresAt: inTenMinutes(),
        }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled').length;
    expect(won).toBe(Math.floor(offer.seatsLeft / 9));
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('SOLD_OUT');
    }
  });
});
