import { type Currency, isAgentUserType } from '#shared/flights';
import type { Db } from '../../db/client';
import { AppError, invalidFields } from '../../errors';
import type { EngineOffer } from '../flight-engine/build-offers';
import { loadFlightNetwork } from '../flight-engine/load-flight-network';
import { decodeOfferId } from '../flight-engine/offer-id';
import { NO_MARKUPS, priceForViewer } from '../markups/apply-markups';
import { brandMarkups, PRICING_MARKUP_MAX_AGE_MS } from '../markups/load-brand-markups';
import { supplierOf } from '../suppliers/configured-suppliers';
import type { Supplier } from '../suppliers/supplier';
import { brandCancelledFlightIds } from './cancelled-flights';
import { MIN_MINUTES_BEFORE_DEPARTURE } from './search-flights';

export interface CheckAvailabilityOptions {
  offers: { id: string; total?: number | undefined }[];
  userType: string;
  /** The commission the agency grants the agent, percent (0 for travellers). */
  grantedCommissionPercent: number;
  /** An agent's own markup to their client, percent; null for travellers. */
  agentMarkupPercent: number | null;
  /** A sub-agent's master's markup on their price, percent (0 or absent for everyone else). */
  masterMarkupPercent?: number;
  /** The brand whose markups price the offers, read from the database (null: none). */
  brandId: string | null;
  now?: number;
  /**
   * A booking leaves the seat count to its hold, which counts under lock anyway: the offer is
   * then priced as if its flight had every seat free.
   */
  seatsCountedByHold?: boolean;
}

export interface CheckAvailabilityResult {
  offers: EngineOffer[];
  total: number;
  currency: Currency;
  airlineNames: Map<string, string>;
}

/**
 * Re-prices chosen offers right before booking, with the brand's markups as they are now. Each must still fly, have the seats and cost
 * what the traveller saw: otherwise OFFER_EXPIRED, SOLD_OUT, or PRICE_CHANGED with the old and
 * new price (`data.offer_id`, `data.old_price`, `data.new_price`).
 */
export async function checkAvailability(
  db: Db,
  options: CheckAvailabilityOptions,
): Promise<CheckAvailabilityResult> {
  const fields: Record<string, string> = {};
  // An offer id of a supplier not configured, or configured but serving no account of this brand
  // (Duffel with neither the deployment's token nor the brand's own): not an offer this brand was
  // shown, so the field is wrong (400), not an offer that has gone since (410 OFFER_EXPIRED).
  const serving = new Map<Supplier, Promise<boolean>>();
  const serves = (supplier: Supplier) => {
    let answer = serving.get(supplier);
    if (!answer) {
      answer = supplier.servesBrand ? supplier.servesBrand(db, options.brandId) : Promise.resolve(true);
      serving.set(supplier, answer);
    }
    return answer;
  };
  for (const [index, offer] of options.offers.entries()) {
    const supplier = decodeOfferId(offer.id) ? supplierOf(offer.id) : undefined;
    if (!supplier || !(await serves(supplier))) {
      fields[`offers.${index}.id`] = 'This flight choice is not valid. Please search again.';
    }
  }
  if (Object.keys(fields).length) throw invalidFields(fields);

  const notBeforeUtc = (options.now ?? Date.now()) + MIN_MINUTES_BEFORE_DEPARTURE * 60_000;
  const markups = options.brandId
    ? await brandMarkups(db, options.brandId, PRICING_MARKUP_MAX_AGE_MS)
    : NO_MARKUPS;
  const cancelledFlightIds = options.brandId
    ? await brandCancelledFlightIds(db, options.brandId, options.now)
    : undefined;
  const priced: EngineOffer[] = [];
  for (const requested of options.offers) {
    const supplier = supplierOf(requested.id);
    if (!supplier) continue;
    const result = await supplier.price(db, {
      offerId: requested.id,
      agent: isAgentUserType(options.userType),
      grantedCommissionPercent: options.grantedCommissionPercent,
      notBeforeUtc,
      countSeats: !options.seatsCountedByHold,
      ...(cancelledFlightIds ? { cancelledFlightIds } : {}),
      brandId: options.brandId,
    });
    if (result.status === 'gone')
      throw new AppError('OFFER_EXPIRED', undefined, undefined, { offer_id: requested.id });
    if (result.status === 'sold_out')
      throw new AppError('SOLD_OUT', undefined, undefined, { offer_id: requested.id });
    const offer = priceForViewer(
      markups,
      result.offer,
      options.agentMarkupPercent,
      options.masterMarkupPercent,
    );
    const { price } = offer;
    if (requested.total !== undefined && requested.total !== price.total) {
      throw new AppError(
        'PRICE_CHANGED',
        'The price of this flight has changed. Please check the new price before booking.',
        undefined,
        {
          offer_id: requested.id,
          old_price: { total: requested.total, currency: price.currency },
          new_price: { total: price.total, currency: price.currency },
        },
      );
    }
    priced.push(offer);
  }
  const currencies = new Set(priced.map((o) => o.price.currency));
  if (currencies.size > 1) throw invalidFields({ offers: 'Choose flights priced in the same currency.' });
  const { airlineNames } = await loadFlightNetwork(db);
  return {
    offers: priced,
    total: priced.reduce((sum, o) => sum + o.price.total, 0),
    currency: priced[0]?.price.currency ?? 'NPR',
    airlineNames,
  };
}
