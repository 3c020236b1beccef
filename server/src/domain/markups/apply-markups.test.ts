import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OfferPrice, PassengerPrice } from '#shared/flights';
import { passengerPrice } from '../flight-engine/price-offer';
import { type MarkupRule, markUpPrice } from './apply-markups';

const passenger = (type: PassengerPrice['type']) =>
  fc
    .record({
      count: fc.integer({ min: 1, max: 9 }),
      base: fc.integer({ min: 0, max: 5_000_000 }),
      fuel: fc.integer({ min: 0, max: 1_000_000 }),
      service: fc.integer({ min: 0, max: 200_000 }),
      vat: fc.integer({ min: 0, max: 500_000 }),
    })
    .map(({ count, ...amounts }) => passengerPrice(type, count, amounts));

const price = fc
  .tuple(passenger('adult'), fc.option(passenger('child')), fc.option(passenger('infant')), fc.boolean())
  .map(([adult, child, infant, agent]): OfferPrice => {
    const perPassenger = [adult, child, infant].filter((p): p is PassengerPrice => p !== null);
    const total = perPassenger.reduce((sum, p) => sum + p.subtotal, 0);
    const amount = Math.round(perPassenger.reduce((sum, p) => sum + p.base * p.count, 0) * 0.05);
    return {
      currency: 'NPR',
      total,
      per_passenger: perPassenger,
      commission: agent ? { percent: 5, amount, net_total: total - amount } : null,
    };
  });

const rule = fc.oneof(
  fc.integer({ min: 1, max: 5_000 }).map((value) => ({ kind: 'percent' as const, value })),
  fc.integer({ min: 1, max: 10_000_000 }).map((value) => ({ kind: 'fixed' as const, value })),
);

const ruleOf = (r: { kind: 'percent' | 'fixed'; value: number }): MarkupRule => ({
  id: 'm',
  scope: 'all',
  origin: null,
  destination: null,
  airlineCode: null,
  currency: 'NPR',
  ...r,
});

describe('markUpPrice', () => {
  it('keeps the breakdown adding up, adds exactly the markup, leaves commission on the supplier fare', () => {
    fc.assert(
      fc.property(price, rule, (before, r) => {
        const { price: after, amount } = markUpPrice(before, ruleOf(r));
        expect(after.total).toBe(before.total + amount);
        expect(after.total).toBe(after.per_passenger.reduce((sum, p) => sum + p.subtotal, 0));
        for (const p of after.per_passenger) {
          expect(p.total).toBe(p.base + p.fuel_surcharge + p.taxes);
          expect(p.subtotal).toBe(p.total * p.count);
        }
        expect(after.commission?.amount).toBe(before.commission?.amount);
        if (after.commission) expect(after.commission.net_total).toBe(after.total - after.commission.amount);
        if (r.kind === 'fixed') {
          const seated = before.per_passenger
            .filter((p) => p.type !== 'infant')
            .reduce((s, p) => s + p.count, 0);
          expect(amount).toBe(r.value * seated);
        } else {
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(
            Math.ceil((before.total * r.value) / 10_000) + before.per_passenger.length * 9,
          );
        }
      }),
    );
  });
});
