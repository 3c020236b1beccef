import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OfferPrice } from '#shared/flights';
import {
  type ConditionRule,
  type OfferConditions,
  offerConditionsSchema,
  tierAt,
} from '#shared/offer-conditions';
import type { SegmentFare } from '../../../db/schema/bookings';
import { buildDemoFares } from '../../../seed/demo-flights';
import type { FullBooking } from '../../booking-records/find-booking';
import { describeRefund } from '../../flight-engine/fare-conditions';
import { passengerPrice } from '../../flight-engine/price-offer';
import { quoteCancellation } from './quote-cancellation';

/**
 * The sentence a traveller reads, the refund quote and the tiers are one: the sentence names
 * exactly the tiers' fees and hours, and the quote keeps exactly the fee of the tier that applies.
 * Pure functions over generated conditions and prices; the HTTP route is exercised with a fixed
 * clock in routes/bookings/cancel-quote-conditions.test.ts.
 */

const HOUR = 3_600_000;
const NOW = Date.parse('2026-05-01T00:00:00Z');

/** Fee percentages as airlines publish them: whole or with two decimals (33.33). */
const percentArb = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);
/** Refund rules: none, or 1–4 tiers at distinct hours, largest first. */
const ruleArb: fc.Arbitrary<ConditionRule> = fc.oneof(
  fc.constant<ConditionRule>({ allowed: false, tiers: [] }),
  fc.uniqueArray(fc.integer({ min: 0, max: 96 }), { minLength: 1, maxLength: 4 }).chain((hours) =>
    fc.tuple(...hours.map(() => percentArb)).map((percents) => ({
      allowed: true,
      tiers: [...hours]
        .sort((a, b) => b - a)
        .map((h, i) => ({ hours_before_departure: h, fee: { percent: percents[i] ?? 0 } })),
    })),
  ),
);
const conditionsArb: fc.Arbitrary<OfferConditions> = fc.record({
  refund: ruleArb,
  change: ruleArb,
  no_show: fc.option(fc.record({ fee: fc.record({ percent: percentArb }) }), { nil: null }),
  baggage: fc.record({ checked_kg: fc.nat(40), cabin_kg: fc.nat(10) }),
});
type Amounts = {
  base: number;
  fuel: number;
  service: number;
  vatBasisPoints: number;
  tourismServiceFee: number;
  count: number;
};
const amountsArb: fc.Arbitrary<Amounts> = fc.record({
  base: fc.integer({ min: 0, max: 5_000_000 }),
  fuel: fc.integer({ min: 0, max: 1_000_000 }),
  service: fc.integer({ min: 0, max: 100_000 }),
  vatBasisPoints: fc.constantFrom(0, 1300),
  tourismServiceFee: fc.constantFrom(0, 100_000),
  count: fc.integer({ min: 1, max: 9 }),
});

function priceOf(a: Amounts): OfferPrice {
  const vat =
    Math.round(((a.base + a.fuel) * a.vatBasisPoints) / 10_000) + Math.round(a.tourismServiceFee * 0.13);
  const line = passengerPrice('adult', a.count, { ...a, vat });
  return { currency: 'NPR', total: line.subtotal, per_passenger: [line], commission: null };
}

function paidBooking(segment: SegmentFare, price: OfferPrice): FullBooking {
  const count = price.per_passenger[0]?.count ?? 1;
  return {
    booking: { status: 'ticketed', amountDue: price.total, currency: 'NPR', price },
    legs: [{ segmentFares: [segment] }],
    passengers: Array.from({ length: count }, (_, i) => ({
      id: `passenger-${i}`,
      type: 'adult',
      changesPaid: 0,
      changeFeesPaid: 0,
      refunded: 0,
      cancelledAt: null,
    })),
    tickets: [],
  } as unknown as FullBooking;
}

/** The fees and hours the sentence states, in the order it states them. */
function tiersInText(text: string) {
  const sentence = /Cancellation fee: (.*?)\.(?: Cancelling| The fuel)/.exec(text)?.[1] ?? '';
  return sentence.split('; ').map((part) => ({
    percent: Number(/^([\d.]+) % of the base fare/.exec(part)?.[1]),
    hours: Number(/([\d.]+) h or more|between ([\d.]+) h/.exec(part)?.slice(1).find(Boolean) ?? 0),
  }));
}

describe('fare conditions: text, quote and tiers agree', () => {
  it('the sentence states exactly the tiers', () => {
    fc.assert(
      fc.property(conditionsArb, (conditions) => {
        expect(offerConditionsSchema.safeParse(conditions).success).toBe(true);
        const text = describeRefund(conditions);
        if (!conditions.refund.allowed) {
          expect(text).toContain('cannot be cancelled for a refund');
          return;
        }
        expect(tiersInText(text)).toEqual(
          conditions.refund.tiers.map((t) => ({
            percent: 'percent' in t.fee ? t.fee.percent : Number.NaN,
            hours: t.hours_before_departure,
          })),
        );
        const last = conditions.refund.tiers.at(-1)?.hours_before_departure ?? 0;
        expect(text.includes(`within ${last} h of departure is not possible`)).toBe(last > 0);
      }),
      { numRuns: 300 },
    );
  });

  it('the quote keeps the fee of the tier that applies, refuses where none does, and always returns the charges', () => {
    fc.assert(
      fc.property(
        conditionsArb,
        amountsArb,
        fc.double({ min: 0.01, max: 120, noNaN: true }),
        (conditions, amounts, hoursLeft) => {
          const price = priceOf(amounts);
          const segment = { departUtc: new Date(NOW + hoursLeft * HOUR).toISOString(), conditions, price };
          const quote = quoteCancellation(paidBooking(segment, price), NOW);
          const tier = tierAt(conditions.refund, (Date.parse(segment.departUtc) - NOW) / HOUR);
          const text = describeRefund(conditions);
          if (!tier) {
            expect(quote.refusal).toBeDefined();
            expect(quote.refund).toBe(0);
            expect(text).toContain(
              quote.refusal?.includes('within') ? 'is not possible' : 'cannot be cancelled',
            );
            return;
          }
          expect(quote.refusal).toBeUndefined();
          const percent = 'percent' in tier.fee ? tier.fee.percent : Number.NaN;
          // The quote names its tier in the very words of the sentence.
          const named = /^(.*) kept\./.exec(quote.rule)?.[1] ?? '';
          expect(named.startsWith(`${percent} % of the base fare`)).toBe(true);
          expect(text).toContain(named);
          // The fee: the tier's share of the base fare and the VAT charged on that share.
          const p = price.per_passenger[0];
          if (!p) throw new Error('no passenger line');
          const kept = Math.round((p.base * percent) / 100);
          const fareVat = p.vat - Math.round(amounts.tourismServiceFee * 0.13);
          const keptVat =
            p.base + p.fuel_surcharge > 0 ? Math.round((fareVat * kept) / (p.base + p.fuel_surcharge)) : 0;
          expect(quote.cancellationFee).toBe((kept + keptVat) * p.count);
          expect(quote.refund + quote.cancellationFee).toBe(quote.paid);
          // Fuel surcharge, service charge and Tourism Service Fee (with its VAT) always come back.
          const alwaysBack = p.fuel_surcharge + p.service_charge + (p.tourism_service_fee ?? 0);
          expect(quote.refund).toBeGreaterThanOrEqual(alwaysBack * p.count);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('every demo fare carries valid conditions whose sentence is the one offers show', () => {
    const rows = buildDemoFares();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(offerConditionsSchema.safeParse(row.conditions).success).toBe(true);
      expect(row.conditions.refund.tiers.length).toBeGreaterThan(0);
      expect(tiersInText(describeRefund(row.conditions)).length).toBe(row.conditions.refund.tiers.length);
    }
    // Yeti Airlines: cancelling within 1 h counts as a no-show; Buddha Air: no cancellation within 2 h.
    const lastHours = (airline: string) =>
      new Set(
        rows
          .filter((r) => r.airlineCode === airline)
          .map((r) => r.conditions.refund.tiers.at(-1)?.hours_before_departure),
      );
    expect(lastHours('YT')).toEqual(new Set([1]));
    expect(lastHours('U4')).toEqual(new Set([2]));
    const buddhaY = rows.find((r) => r.airlineCode === 'U4' && r.classCode === 'Y' && r.origin === 'KTM');
    expect(buddhaY?.conditions.refund.tiers).toEqual([
      { hours_before_departure: 11, fee: { percent: 10 } },
      { hours_before_departure: 2, fee: { percent: 33.33 } },
    ]);
    expect(buddhaY?.conditions.baggage).toEqual({ checked_kg: 25, cabin_kg: 5 });
  });
});
