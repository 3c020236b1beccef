import type { PriceBreakdown, PriceLevel } from '#shared/sub-agents';

/** What a booking's breakdown is made from: its price and the agents above the traveller. */
export interface PriceBreakdownInput {
  currency: string;
  /** The agency's price (`price.total`): the brand's markups in, no agent's markup. */
  total: number;
  /** The booker's commission (`price.commission.amount`; 0 for a traveller). */
  commission: number;
  /** The booker's own markup to their client (`price.agent_markup.amount`; 0 for none). */
  markup: number;
  /** The booking agent; null when a traveller booked for themselves. */
  booker: { id: string; name: string } | null;
  /**
   * The booker's master agent and the commission the agency grants the master on this booking
   * (the master's percent of the same base fares): the master keeps what exceeds the booker's.
   */
  master?: { id: string; name: string; commission: number } | undefined;
  /**
   * The master's own markup on the sub-agent's price (`price.master_markup.amount`; 0 for none):
   * the sub-agent pays it on top, the master earns it.
   */
  masterMarkup?: number | undefined;
}

/**
 * Who gets what of one booking, from the agency down, in integers: each level charges the one
 * below what it pays above plus what it earns, so the traveller's price is the agency's charge
 * plus every level's earnings, exactly. A sub-agent's master keeps the part of their own
 * commission that they did not pass down (never below zero) and earns their own markup on the
 * sub-agent's price.
 */
export function buildPriceBreakdown(input: PriceBreakdownInput): PriceBreakdown {
  const masterMarkup = input.master ? (input.masterMarkup ?? 0) : 0;
  const travellerPays = input.total + masterMarkup + input.markup;
  if (!input.booker) {
    return { currency: input.currency, traveller_pays: input.total, agency_charged: input.total, levels: [] };
  }
  const bookerPays = input.total + masterMarkup - input.commission;
  const booker: PriceLevel = {
    role: input.master ? 'sub_agent' : 'agent',
    agent_id: input.booker.id,
    name: input.booker.name,
    charges: travellerPays,
    pays: bookerPays,
    earns: travellerPays - bookerPays,
    commission: input.commission,
    markup: input.markup,
  };
  if (!input.master) {
    return {
      currency: input.currency,
      traveller_pays: travellerPays,
      agency_charged: bookerPays,
      levels: [booker],
    };
  }
  const kept = Math.max(0, input.master.commission - input.commission);
  const master: PriceLevel = {
    role: 'master_agent',
    agent_id: input.master.id,
    name: input.master.name,
    charges: bookerPays,
    pays: bookerPays - kept - masterMarkup,
    earns: kept + masterMarkup,
    commission: kept,
    markup: masterMarkup,
  };
  return {
    currency: input.currency,
    traveller_pays: travellerPays,
    agency_charged: master.pays,
    levels: [master, booker],
  };
}

/**
 * The breakdown as `viewerId` may see it: the agency (`viewerId` null) sees every level; an agent
 * sees their own level and those below it, and the agency's charge only when they are the top.
 */
export function breakdownFor(breakdown: PriceBreakdown, viewerId: string | null): PriceBreakdown {
  if (viewerId === null) return breakdown;
  const index = breakdown.levels.findIndex((level) => level.agent_id === viewerId);
  if (index <= 0) return breakdown;
  return { ...breakdown, agency_charged: null, levels: breakdown.levels.slice(index) };
}
