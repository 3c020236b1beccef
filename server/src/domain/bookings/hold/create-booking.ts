import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BookingMarkup } from '#shared/admin-money';
import type { createBookingRequest } from '#shared/bookings';
import { isAgentUserType, type OfferPrice } from '#shared/flights';
import type { HoldLimits } from '#shared/hold-limits';
import { amountDueOf, sumPrices } from '#shared/sum-prices';
import type { Db } from '../../../db/client';
import { bookings, users } from '../../../db/schema/index';
import { AppError, invalidFields } from '../../../errors';
import type { AccountUser } from '../../accounts/find-user';
import { type BookingRow, type FullBooking, loadBookingDetails } from '../../booking-records/find-booking';
import { nameOf } from '../../booking-records/name-of';
import { agentPricingFor, grantedCommissionOf } from '../../commissions/agent-pricing';
import { buildPriceBreakdown } from '../../commissions/build-price-breakdown';
import type { EngineOffer } from '../../flight-engine/build-offers';
import { percentOf } from '../../flight-engine/fare-rules';
import { loadFlightNetwork } from '../../flight-engine/load-flight-network';
import { decodeOfferId } from '../../flight-engine/offer-id';
import { priceFares } from '../../flight-engine/price-offer';
import { supplierOffer } from '../../markups/apply-markups';
import { checkAvailability } from '../../search/check-availability';
import { offerAsSold } from '../../search/offer-as-sold';
import { supplierOf } from '../../suppliers/configured-suppliers';
import { checkPassengers } from './check-passengers';
import { holdBatcherFor, type PendingBooking } from './hold-batcher';

export type CreateBookingRequest = z.output<typeof createBookingRequest>;

export interface CreateBookingOptions {
  user: AccountUser;
  request: CreateBookingRequest;
  idempotencyKey: string;
  holdMinutes: number;
  /** The seat hoarding limits in force on the booker's brand (`holdLimitsOf`). */
  holdLimits: HoldLimits;
}

/**
 * Re-prices the offers and checks the passengers, then, in ONE transaction (shared with the
 * bookings that arrived meanwhile: see HoldBatcher), claims the Idempotency-Key, writes the
 * booking (status `held`) and holds every leg's seats with its supplier: all or nothing.
 * The same key with the same body answers the same booking; with another body, 422.
 * Returns the booking with everything the API shows of it, from what was written (no read back).
 */
export async function createBooking(db: Db, options: CreateBookingOptions): Promise<FullBooking> {
  const requestHash = createHash('sha256').update(JSON.stringify(options.request)).digest('hex');
  let pending: PendingBooking;
  try {
    pending = await prepareBooking(db, options, requestHash);
  } catch (error) {
    // A retry of a booking already made answers it, even once its flight has sold out since.
    const existing = await findByKey(db, options.user.id, options.idempotencyKey, requestHash);
    if (existing) return loadBookingDetails(db, existing);
    throw error;
  }
  return holdBatcherFor(db).submit(pending);
}

/** Re-prices the offers and checks the passengers: the booking as the hold will write it. */
async function prepareBooking(
  db: Db,
  options: CreateBookingOptions,
  requestHash: string,
): Promise<PendingBooking> {
  const { user, request } = options;
  // Refused before anything is priced or held: a batch of holds never meets a supplier that cannot hold.
  // (Every configured supplier books today; the check stays for the next one added before its orders.)
  for (const offer of request.offers) {
    const supplier = supplierOf(offer.id);
    if (supplier?.bookable === false)
      throw new AppError(
        'SUPPLIER_UNAVAILABLE',
        'Booking this airline’s fares online is not available yet. Please choose another flight.',
        undefined,
        { supplier: supplier.id, reason: 'not_supported', offer_id: offer.id },
      );
  }
  const pricing = await agentPricingFor(db, user);
  // One seat per passenger per flight: the same flight twice (under any fare) is a tampered request.
  const flightsSeen = new Set<string>();
  request.offers.forEach((offer, index) => {
    const ref = decodeOfferId(offer.id);
    for (const s of ref?.segments ?? []) {
      const flight = `${s.airlineCode}${s.flightNumber}.${s.day}`;
      if (flightsSeen.has(flight)) {
        throw invalidFields({ [`offers.${index}.id`]: 'This flight is already in the booking.' });
      }
      flightsSeen.add(flight);
    }
  });
  // Seats are counted by the hold itself, under lock, and lapsed holds released there.
  const priced = await checkAvailability(db, {
    offers: request.offers,
    userType: user.type,
    ...pricing,
    brandId: user.brandId,
    seatsCountedByHold: true,
  });
  const refs = priced.offers.map((o) => decodeOfferId(o.id));
  const mixes = new Set(
    refs.map((r) => (r ? `${r.passengers.adults}.${r.passengers.children}.${r.passengers.infants}` : '')),
  );
  const firstRef = refs[0];
  if (new Set(priced.offers.map((o) => o.supplier)).size > 1) {
    throw new AppError('VALIDATION_FAILED', 'Choose flights sold by the same supplier.', {
      offers: 'Choose flights sold by the same supplier.',
    });
  }
  if (!firstRef || mixes.size !== 1) {
    throw new AppError('VALIDATION_FAILED', 'Choose flights searched for the same passengers.', {
      offers: 'Choose flights searched for the same passengers.',
    });
  }
  const presented = priced.offers.map((o) => offerAsSold(o, priced.airlineNames));
  const segments = presented.flatMap((o) => o.segments);
  const codes = [...new Set(segments.flatMap((s) => [s.depart_code, s.dest_code]))];
  const { airportCountries } = await loadFlightNetwork(db);
  checkSupplierPassengers(request.passengers, priced.offers);
  checkPassengers(request.passengers, {
    passengers: firstRef.passengers,
    tier: firstRef.tier,
    firstFlightDate: segments[0]?.depart_at.slice(0, 10) ?? '',
    lastFlightDate: segments.at(-1)?.depart_at.slice(0, 10) ?? '',
    international: codes.some((code) => airportCountries.get(code) !== 'NP'),
  });

  const price = sumPrices(priced.offers.map((o) => o.price));
  // An offer the supplier will not hold is held in Tikat only, and no longer than the offer lasts.
  const offerExpiries = priced.offers.flatMap((o) =>
    o.supplierQuote?.requiresInstantPayment ? [o.supplierQuote.expiresAt] : [],
  );
  const expiresAt = new Date(Math.min(Date.now() + options.holdMinutes * 60_000, ...offerExpiries));
  if (expiresAt.getTime() <= Date.now())
    throw new AppError('OFFER_EXPIRED', undefined, undefined, { offer_id: priced.offers[0]?.id });
  const firstDepartureAt = new Date(Math.min(...priced.offers.map((o) => o.departUtc)));
  const route = presented
    .map((o) => `${o.segments[0]?.depart_code} → ${o.segments.at(-1)?.dest_code}`)
    .join(', ');

  return {
    userId: user.id,
    idempotencyKey: options.idempotencyKey,
    requestHash,
    booking: {
      brandId: user.brandId,
      status: 'held',
      currency: price.currency,
      price,
      markup: markupOf(priced.offers),
      priceBreakdown: await breakdownOf(db, user, price, priced.offers),
      amountDue: amountDueOf(price),
      contact: {
        ...request.contact,
        ...(request.buyer_pan ? { buyerPan: request.buyer_pan } : {}),
        ...(request.sms_updates ? { smsUpdates: true } : {}),
        ...(request.language === 'ne' ? { language: 'ne' as const } : {}),
      },
      firstDepartureAt,
      route,
    },
    passengers: request.passengers.map((p, position) => ({
      position,
      type: p.type,
      title: p.title,
      firstName: p.first_name,
      lastName: p.last_name,
      gender: p.gender,
      dateOfBirth: p.date_of_birth ?? null,
      nationality: p.nationality,
      passportNumber: p.passport_number ?? null,
      passportExpiry: p.passport_expiry ?? null,
      passportCountry: p.passport_country ?? null,
      displayNameNe: p.display_name_ne ?? null,
      changesPaid: 0,
      changeFeesPaid: 0,
      refunded: 0,
      cancelledAt: null,
    })),
    // The supplier holds (and records) its own price; the brand's markup is the booking's.
    offers: priced.offers.map(supplierOffer),
    legs: priced.offers.map((offer, position) => ({
      position,
      supplier: offer.supplier,
      offer: presented[position] ?? offerAsSold(offer, priced.airlineNames),
      supplierOrderId: null,
      airlineReference: null,
      segmentFares: offer.segments.map((s) => ({
        departUtc: new Date(s.flight.departUtc).toISOString(),
        conditions: s.fare.conditions,
        price: priceFares([s.fare], {
          tier: firstRef.tier,
          passengers: firstRef.passengers,
          agent: false,
          grantedCommissionPercent: 0,
        }),
      })),
    })),
    expiresAt,
    by: { name: nameOf(user), userId: user.id },
    holdLimits: options.holdLimits,
  };
}

/**
 * What an outside supplier's order needs of each passenger, named per field: a date of birth
 * (Duffel's `born_on`), a gender the airline records (male or female) and, when the offer says
 * `passenger_identity_documents_required`, the passport's number, expiry and issuing country.
 */
function checkSupplierPassengers(passengers: CreateBookingRequest['passengers'], offers: EngineOffer[]) {
  const quotes = offers.flatMap((o) => (o.supplierQuote ? [o.supplierQuote] : []));
  if (quotes.length === 0) return;
  const documents = quotes.some((q) => q.identityDocumentsRequired);
  const fields: Record<string, string> = {};
  passengers.forEach((p, index) => {
    const at = (field: string) => `passengers.${index}.${field}`;
    if (!p.date_of_birth) fields[at('date_of_birth')] = 'The airline needs every passenger’s date of birth.';
    if (p.gender === 'other')
      fields[at('gender')] = 'The airline records male or female, as on the passport.';
    if (documents) {
      if (!p.passport_number)
        fields[at('passport_number')] = 'The airline needs the passport number for this flight.';
      if (!p.passport_expiry)
        fields[at('passport_expiry')] = 'The airline needs the passport’s expiry date for this flight.';
    }
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

/**
 * Who gets what of the booking (docs/accounts.md#sub-agents). A sub-agent's master is granted their own
 * percent of the same base fares the sub-agent's commission is a percent of (each leg's supplier price,
 * before the brand's markup), and keeps what exceeds the sub-agent's part.
 */
async function breakdownOf(db: Db, user: AccountUser, price: OfferPrice, offers: EngineOffer[]) {
  const booker = isAgentUserType(user.type) ? { id: user.id, name: nameOf(user) } : null;
  let master: { id: string; name: string; commission: number } | undefined;
  if (booker && user.masterAgentId) {
    const [row] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, user.masterAgentId));
    if (row) {
      const percent = await grantedCommissionOf(db, row.id);
      const commission = offers.reduce((sum, offer) => {
        const base = (offer.markup?.supplierPrice ?? offer.price).per_passenger.reduce(
          (legSum, p) => legSum + p.base * p.count,
          0,
        );
        return sum + percentOf(base, percent);
      }, 0);
      master = { id: row.id, name: nameOf(row), commission };
    }
  }
  return buildPriceBreakdown({
    currency: price.currency,
    total: price.total,
    commission: booker ? (price.commission?.amount ?? 0) : 0,
    markup: booker ? (price.agent_markup?.amount ?? 0) : 0,
    booker,
    master,
    masterMarkup: booker ? (price.master_markup?.amount ?? 0) : 0,
  });
}

/** The markups the legs' prices include, for the admin's view (null when none applied). */
function markupOf(offers: EngineOffer[]): BookingMarkup | null {
  const legs = offers.flatMap(({ markup }) =>
    markup
      ? [
          {
            markupId: markup.markupId,
            scope: markup.scope,
            kind: markup.kind,
            value: markup.value,
            amount: markup.amount,
          },
        ]
      : [],
  );
  if (legs.length === 0) return null;
  return {
    amount: legs.reduce((sum, leg) => sum + leg.amount, 0),
    currency: offers[0]?.price.currency ?? 'NPR',
    legs,
  };
}

async function findByKey(
  db: Db,
  userId: string,
  key: string,
  requestHash: string,
): Promise<BookingRow | undefined> {
  const [found] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)));
  if (!found) return undefined;
  if (found.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return found;
}
