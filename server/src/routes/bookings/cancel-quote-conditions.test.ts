import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { bookingLegs, bookings } from '../../db/schema/index';
import { api, logInDemo } from '../../test/accounts';
import { bookingBody, findOffers, payBooking, postBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The refund quote follows the tiers the offer showed: a paid Flex (Y) booking quoted through
 * `POST /bookings/:pnr/cancel` with the clock set 24 h, 5 h and 1 h before its departure.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;

async function paidFlexBooking(airline: string) {
  const agent = await logInDemo(t, 'sajilo', 'agent');
  const offers = await findOffers(t, { cookie: agent, days: 4 });
  const offer = offers.find(
    (o: FlightOffer) => o.segments[0]?.airline_code === airline && o.fare.class_codes[0] === 'Y',
  );
  if (!offer) throw new Error(`no ${airline} Flex offer`);
  const held = await postBooking(t, agent, bookingBody([offer]));
  expect(held.statusCode).toBe(200);
  const { pnr } = held.json().data as Booking;
  expect((await payBooking(t, agent, pnr, 'wallet')).statusCode).toBe(200);
  const [booking] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, pnr));
  const [leg] = await t.app.db
    .select()
    .from(bookingLegs)
    .where(eq(bookingLegs.bookingId, booking?.id ?? ''));
  const segment = leg?.segmentFares[0];
  const adult = segment?.price.per_passenger[0];
  if (!segment || !adult || !booking) throw new Error('no booked segment');
  return { offer, pnr, paid: booking.amountDue, departs: Date.parse(segment.departUtc), adult };
}

/** Quotes the cancellation at `hoursBefore` hours before departure, signed in again at that time. */
async function quoteAt(pnr: string, departs: number, hoursBefore: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(departs - hoursBefore * HOUR);
  const agent = await logInDemo(t, 'sajilo', 'agent');
  return api(t, { method: 'POST', url: `/bookings/${pnr}/cancel`, cookie: agent, payload: {} });
}

describe('cancellation quotes follow the offer’s refund tiers (fixed clock)', () => {
  it('Buddha Air Flex: 10 % at 24 h, 33.33 % at 5 h, refused at 1 h', async () => {
    const { offer, pnr, paid, departs, adult } = await paidFlexBooking('U4');
    expect(offer.conditions?.refund).toEqual({
      allowed: true,
      tiers: [
        { hours_before_departure: 11, fee: { percent: 10 } },
        { hours_before_departure: 2, fee: { percent: 33.33 } },
      ],
    });
    // The fee is the tier's share of the base fare plus the 13 % VAT on that share.
    const feeFor = (percent: number) => {
      const kept = Math.round((adult.base * percent) / 100);
      return kept + kept * 0.13;
    };

    const early = await quoteAt(pnr, departs, 24);
    expect(early.statusCode).toBe(200);
    const q24 = early.json().data.quote;
    expect(Math.abs(q24.cancellation_fee - feeFor(10))).toBeLessThanOrEqual(1);
    expect(q24.refund).toBe(paid - q24.cancellation_fee);
    expect(q24.rule).toContain('10 % of the base fare 11 h or more before departure');

    const late = await quoteAt(pnr, departs, 5);
    expect(late.statusCode).toBe(200);
    const q5 = late.json().data.quote;
    expect(Math.abs(q5.cancellation_fee - feeFor(33.33))).toBeLessThanOrEqual(1);
    expect(q5.cancellation_fee).toBeGreaterThan(q24.cancellation_fee);
    expect(q5.rule).toContain('33.33 % of the base fare between 2 h and 11 h before departure');

    const closed = await quoteAt(pnr, departs, 1);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().data.code).toBe('CANCELLATION_NOT_ALLOWED');
    expect(closed.json().data.error).toContain('within 2 h');
  });

  it('Yeti Airlines Flex: still refundable 1.5 h out, a no-show within 1 h', async () => {
    const { offer, pnr, departs } = await paidFlexBooking('YT');
    expect(offer.conditions?.refund.tiers.at(-1)).toEqual({
      hours_before_departure: 1,
      fee: { percent: 33.33 },
    });
    expect(offer.fare.refund_policy).toContain('within 1 h of departure is not possible');
    const open = await quoteAt(pnr, departs, 1.5);
    expect(open.statusCode).toBe(200);
    expect(open.json().data.quote.rule).toContain('33.33 %');
    const noShow = await quoteAt(pnr, departs, 0.5);
    expect(noShow.statusCode).toBe(409);
    expect(noShow.json().data.error).toContain('no-show');
  });
});
