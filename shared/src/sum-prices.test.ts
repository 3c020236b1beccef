import { expect, it } from 'vitest';
import type { OfferPrice } from './flights';
import { amountDueOf, sumPrices } from './sum-prices';

const leg = (base: number, commission: number | null): OfferPrice => ({
  currency: 'NPR',
  total: base + 100,
  per_passenger: [
    {
      type: 'adult',
      count: 1,
      base,
      fuel_surcharge: 60,
      taxes: 40,
      service_charge: 20,
      vat: 20,
      total: base + 100,
      subtotal: base + 100,
    },
  ],
  commission:
    commission === null ? null : { percent: 5, amount: commission, net_total: base + 100 - commission },
});

it('adds legs per passenger type and in total, commission included', () => {
  const price = sumPrices([leg(1000, 50), leg(2000, 100)]);
  expect(price.total).toBe(3200);
  expect(price.per_passenger).toEqual([
    {
      type: 'adult',
      count: 1,
      base: 3000,
      fuel_surcharge: 120,
      taxes: 80,
      service_charge: 40,
      vat: 40,
      total: 3200,
      subtotal: 3200,
    },
  ]);
  expect(price.commission).toEqual({ percent: 5, amount: 150, net_total: 3050 });
  expect(amountDueOf(price)).toBe(3050);
});

it('has no commission for a traveller, who pays the total', () => {
  const price = sumPrices([leg(1000, null), leg(2000, null)]);
  expect(price.commission).toBeNull();
  expect(amountDueOf(price)).toBe(3200);
});
