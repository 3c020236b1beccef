import type { OfferPrice, PassengerPrice } from './flights';

/** The price of several legs as one: per passenger type summed, commission and agent's and master's markups summed. */
export function sumPrices(prices: OfferPrice[]): OfferPrice {
  const first = prices[0];
  if (!first) throw new Error('no prices to sum');
  const byType = new Map<string, PassengerPrice>();
  for (const price of prices) {
    for (const p of price.per_passenger) {
      const sum = byType.get(p.type);
      if (!sum) {
        byType.set(p.type, { ...p });
        continue;
      }
      sum.base += p.base;
      sum.fuel_surcharge += p.fuel_surcharge;
      sum.taxes += p.taxes;
      sum.service_charge += p.service_charge;
      sum.vat += p.vat;
      if (p.tourism_service_fee !== undefined || sum.tourism_service_fee !== undefined)
        sum.tourism_service_fee = (sum.tourism_service_fee ?? 0) + (p.tourism_service_fee ?? 0);
      sum.total += p.total;
      sum.subtotal += p.subtotal;
    }
  }
  const total = prices.reduce((s, p) => s + p.total, 0);
  const commissions = prices.map((p) => p.commission).filter((c) => c !== null);
  const amount = commissions.reduce((s, c) => s + c.amount, 0);
  const markups = prices.map((p) => p.agent_markup).filter((m) => m !== null && m !== undefined);
  const markupAmount = markups.reduce((s, m) => s + m.amount, 0);
  const masters = prices.map((p) => p.master_markup).filter((m) => m !== null && m !== undefined);
  const masterAmount = masters.reduce((s, m) => s + m.amount, 0);
  return {
    currency: first.currency,
    total,
    per_passenger: [...byType.values()],
    commission:
      commissions.length > 0
        ? { percent: commissions[0]?.percent ?? 0, amount, net_total: total - amount + masterAmount }
        : null,
    ...(markups.length > 0 && {
      agent_markup: {
        percent: markups[0]?.percent ?? 0,
        amount: markupAmount,
        selling_total: total + masterAmount + markupAmount,
      },
    }),
    ...(masters.length > 0 && {
      master_markup: { percent: masters[0]?.percent ?? 0, amount: masterAmount },
    }),
  };
}

/** What the booker pays: the total, or what the agency pays after its commission. */
export const amountDueOf = (price: OfferPrice) => price.commission?.net_total ?? price.total;
