import type { FlightOffer } from '#shared/flights';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import type { AccountUser } from '../../accounts/find-user';
import type { FullBooking } from '../../booking-records/find-booking';
import { agentPricingFor } from '../../commissions/agent-pricing';
import type { EngineOffer } from '../../flight-engine/build-offers';
import { decodeOfferId } from '../../flight-engine/offer-id';
import { checkAvailability } from '../../search/check-availability';
import { offerAsSold } from '../../search/offer-as-sold';
import { supplierById } from '../../suppliers/configured-suppliers';

/**
 * The new offer priced now for the booker (their commission and markups, as a booking is): an
 * offer of the leg's own supplier for the same passengers and fare tier as the leg. A leg of an
 * outside supplier that does not change its orders, or an offer of another supplier: 422
 * CHANGE_NOT_SUPPORTED.
 */
export async function priceNewOffer(
  db: Db,
  full: FullBooking,
  options: {
    user: AccountUser;
    legIndex: number;
    offerId: string;
    /** The total the booker was shown (PRICE_CHANGED when it moved). */
    total?: number | undefined;
    /** A confirmation: the seats are counted under the hold's lock. */
    confirm: boolean;
  },
  now: number,
): Promise<{ engine: EngineOffer; presented: FlightOffer }> {
  const leg = full.legs.find((l) => l.position === options.legIndex);
  if (!leg) {
    throw new AppError('VALIDATION_FAILED', 'This booking has no such leg.', {
      leg_index: 'This booking has no such leg.',
    });
  }
  const ref = decodeOfferId(options.offerId);
  const changeable = leg.supplier === 'house' || supplierById(leg.supplier)?.quoteChange !== undefined;
  if (!changeable || (ref && ref.supplier !== leg.supplier)) {
    throw new AppError('CHANGE_NOT_SUPPORTED', undefined, undefined, { supplier: leg.supplier });
  }
  const old = decodeOfferId(leg.offer.id);
  const sameMix =
    ref &&
    old &&
    ref.tier === old.tier &&
    ref.passengers.adults === old.passengers.adults &&
    ref.passengers.children === old.passengers.children &&
    ref.passengers.infants === old.passengers.infants;
  if (!sameMix) {
    const message = 'Choose a flight from a search of this leg’s route for the same passengers.';
    throw new AppError('VALIDATION_FAILED', message, { offer_id: message });
  }
  const priced = await checkAvailability(db, {
    offers: [{ id: options.offerId, total: options.total }],
    userType: options.user.type,
    ...(await agentPricingFor(db, options.user)),
    brandId: options.user.brandId,
    now,
    // A confirmation's hold counts the seats under lock; a quote says SOLD_OUT at once.
    seatsCountedByHold: options.confirm,
  });
  const engine = priced.offers[0];
  if (!engine) throw new AppError('OFFER_EXPIRED');
  return { engine, presented: offerAsSold(engine, priced.airlineNames) };
}
