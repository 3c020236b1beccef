import type { OfferPrice } from '#shared/flights';
import type { MarkupScope } from '../../db/schema/index';
import type { AppliedMarkup, EngineOffer } from '../flight-engine/build-offers';
import { passengerPrice, withAgentMarkup, withMasterMarkup } from '../flight-engine/price-offer';

export type { AppliedMarkup };

/** A markup rule as pricing needs it (a `markups` row without its timestamps). */
export interface MarkupRule {
  id: string;
  scope: MarkupScope;
  origin: string | null;
  destination: string | null;
  airlineCode: string | null;
  kind: 'percent' | 'fixed';
  /** Basis points (`percent`) or minor units per seated passenger (`fixed`). */
  value: number;
  currency: string;
}

/** A brand's markups indexed for pricing many offers: the most specific rule first. */
export interface MarkupSet {
  byRoute: Map<string, MarkupRule>;
  byAirline: Map<string, MarkupRule>;
  all: MarkupRule[];
}

export const NO_MARKUPS: MarkupSet = { byRoute: new Map(), byAirline: new Map(), all: [] };

const routeKey = (origin: string, destination: string) => `${origin}-${destination}`;

export function indexMarkups(rules: MarkupRule[]): MarkupSet {
  const set: MarkupSet = { byRoute: new Map(), byAirline: new Map(), all: [] };
  for (const rule of rules) {
    if (rule.scope === 'route' && rule.origin && rule.destination)
      set.byRoute.set(routeKey(rule.origin, rule.destination), rule);
    else if (rule.scope === 'airline' && rule.airlineCode) set.byAirline.set(rule.airlineCode, rule);
    else if (rule.scope === 'all') set.all.push(rule);
  }
  return set;
}

/**
 * The markup that applies to an offer: its route (first origin → last destination, in that
 * direction) beats its airline (the first flight's, the validating carrier), which beats the
 * brand-wide one. A fixed markup applies only to offers in its currency; when it does not fit,
 * the next less specific rule is tried.
 */
export function pickMarkup(set: MarkupSet, offer: EngineOffer): MarkupRule | undefined {
  const first = offer.segments[0]?.flight.leg;
  const last = offer.segments.at(-1)?.flight.leg;
  if (!first || !last) return undefined;
  const fits = (rule: MarkupRule | undefined) =>
    rule && (rule.kind === 'percent' || rule.currency === offer.price.currency) ? rule : undefined;
  return (
    fits(set.byRoute.get(routeKey(first.origin, last.destination))) ??
    fits(set.byAirline.get(first.airlineCode)) ??
    set.all.find((rule) => fits(rule))
  );
}

/**
 * The price with the markup folded into each passenger's base fare (so the traveller sees one
 * price, no markup line): a percentage of each passenger's fare, or a fixed amount per adult and
 * child (infants pay none). An agent's commission stays what the supplier's fare earns.
 */
export function markUpPrice(price: OfferPrice, rule: MarkupRule): { price: OfferPrice; amount: number } {
  let amount = 0;
  const perPassenger = price.per_passenger.map((p) => {
    const each =
      rule.kind === 'percent'
        ? Math.round((p.total * rule.value) / 10_000)
        : p.type === 'infant'
          ? 0
          : rule.value;
    amount += each * p.count;
    return passengerPrice(p.type, p.count, {
      base: p.base + each,
      fuel: p.fuel_surcharge,
      service: p.service_charge,
      vat: p.vat,
      tourismServiceFee: p.tourism_service_fee ?? 0,
    });
  });
  const total = price.total + amount;
  return {
    amount,
    price: {
      ...price,
      total,
      per_passenger: perPassenger,
      commission: price.commission
        ? { ...price.commission, net_total: total - price.commission.amount }
        : null,
    },
  };
}

/** The offer priced for the brand: the supplier's price plus the matching markup, if any. */
export function applyMarkup(set: MarkupSet, offer: EngineOffer): EngineOffer {
  const rule = pickMarkup(set, offer);
  if (!rule) return offer;
  const { price, amount } = markUpPrice(offer.price, rule);
  if (amount === 0) return offer;
  return {
    ...offer,
    price,
    markup: {
      markupId: rule.id,
      scope: rule.scope,
      kind: rule.kind,
      value: rule.value,
      amount,
      supplierPrice: offer.price,
    },
  };
}

/**
 * The offer as its viewer sees it: the brand's markup, then a sub-agent's master's markup, then an
 * agent's own markup to their client.
 */
export function priceForViewer(
  set: MarkupSet,
  offer: EngineOffer,
  agentMarkupPercent: number | null,
  masterMarkupPercent = 0,
): EngineOffer {
  const marked = applyMarkup(set, offer);
  if (agentMarkupPercent === null) return marked;
  const price = withMasterMarkup(marked.price, masterMarkupPercent);
  return { ...marked, price: withAgentMarkup(price, agentMarkupPercent) };
}

/** The offer as its supplier priced it (what the supplier holds and records), without the markup. */
export function supplierOffer(offer: EngineOffer): EngineOffer {
  if (!offer.markup) return offer;
  const { markup, ...rest } = offer;
  return { ...rest, price: markup.supplierPrice };
}
