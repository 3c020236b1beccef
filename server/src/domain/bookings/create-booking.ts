import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { createBookingRequest } from '#shared/bookings';
import { isAgentUserType } from '#shared/flights';
import { amountDueOf, sumPrices } from '#shared/sum-prices';
import type { Db } from '../../db/client';
import { airports, bookingLegs, bookingPassengers, bookings } from '../../db/schema/index';
import { AppError } from '../../errors';
import { presentOffer } from '../../presenters/flight-offer';
import type { AccountUser } from '../accounts/find-user';
import { checkAvailability } from '../flights/check-availability';
import { supplierOf } from '../flights/configured-suppliers';
import type { EngineOffer } from '../flights/engine/build-offers';
import { decodeOfferId } from '../flights/engine/offer-id';
import { priceFares } from '../flights/engine/price-offer';
import { shareFlightNetwork } from '../flights/load-flight-network';
import { newLocator } from '../suppliers/house-supplier';
import { recordBookingEvent } from './change-booking-status';
import { checkPassengers } from './check-passengers';
import { withRetryOnConflict } from './retry-on-conflict';

export type CreateBookingRequest = z.output<typeof createBookingRequest>;

export interface CreateBookingOptions {
  user: AccountUser;
  request: CreateBookingRequest;
  idempotencyKey: string;
  holdMinutes: number;
}

/** The full name history and tickets show for a user. */
export const nameOf = (user: Pick<AccountUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`;

/**
 * Re-prices the offers, checks the passengers, then in ONE transaction claims the Idempotency-Key,
 * holds every leg's seats with its supplier and writes the booking (status `held`): all or nothing.
 * The same key with the same body answers the same booking; with another body, 422.
 * Returns the booking's id.
 */
export async function createBooking(db: Db, options: CreateBookingOptions): Promise<string> {
  const { user, request } = options;
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const existing = await findByKey(db, user.id, options.idempotencyKey, requestHash);
  if (existing) return existing;

  const commissionPercent = isAgentUserType(user.type) ? user.commissionPercent : 0;
  const priced = await checkAvailability(db, {
    offers: request.offers,
    userType: user.type,
    commissionPercent,
  });
  const refs = priced.offers.map((o) => decodeOfferId(o.id));
  const mixes = new Set(
    refs.map((r) => (r ? `${r.passengers.adults}.${r.passengers.children}.${r.passengers.infants}` : '')),
  );
  const firstRef = refs[0];
  if (!firstRef || mixes.size !== 1) {
    throw new AppError('VALIDATION_FAILED', 'Choose flights searched for the same passengers.', {
      offers: 'Choose flights searched for the same passengers.',
    });
  }
  const presented = priced.offers.map((o) => presentOffer(o, priced.airlineNames));
  const segments = presented.flatMap((o) => o.segments);
  const codes = [...new Set(segments.flatMap((s) => [s.depart_code, s.dest_code]))];
  const countries = await db
    .select({ code: airports.code, country: airports.countryCode })
    .from(airports)
    .where(inArray(airports.code, codes));
  checkPassengers(request.passengers, {
    passengers: firstRef.passengers,
    tier: firstRef.tier,
    firstFlightDate: segments[0]?.depart_at.slice(0, 10) ?? '',
    lastFlightDate: segments.at(-1)?.depart_at.slice(0, 10) ?? '',
    international: codes.some((code) => countries.find((c) => c.code === code)?.country !== 'NP'),
  });

  const price = sumPrices(priced.offers.map((o) => o.price));
  const expiresAt = new Date(Date.now() + options.holdMinutes * 60_000);
  const firstDepartureAt = new Date(Math.min(...priced.offers.map((o) => o.departUtc)));
  const route = presented
    .map((o) => `${o.segments[0]?.depart_code} → ${o.segments.at(-1)?.dest_code}`)
    .join(', ');

  return withRetryOnConflict(() =>
    db.transaction(async (tx) => {
      shareFlightNetwork(db, tx);
      // Claiming the key first makes a concurrent retry with the same key wait for this one.
      let bookingId: string | undefined;
      for (let attempt = 0; !bookingId && attempt < 5; attempt++) {
        const [inserted] = await tx
          .insert(bookings)
          .values({
            pnr: newLocator(),
            brandId: user.brandId,
            userId: user.id,
            status: 'held',
            currency: price.currency,
            price,
            amountDue: amountDueOf(price),
            contact: request.contact,
            expiresAt,
            firstDepartureAt,
            route,
            idempotencyKey: options.idempotencyKey,
            requestHash,
          })
          .onConflictDoNothing()
          .returning({ id: bookings.id });
        bookingId = inserted?.id;
        if (!bookingId) {
          const raced = await findByKey(tx, user.id, options.idempotencyKey, requestHash);
          if (raced) return raced;
        }
      }
      if (!bookingId) throw new Error('no free PNR after 5 tries');

      for (const [position, offer] of priced.offers.entries()) {
        const hold = await holdOffer(tx, offer, expiresAt);
        await tx.insert(bookingLegs).values({
          bookingId,
          position,
          supplier: offer.supplier,
          locator: hold.locator,
          offer: presented[position] ?? presentOffer(offer, priced.airlineNames),
          segmentFares: offer.segments.map((s) => ({
            departUtc: new Date(s.flight.departUtc).toISOString(),
            refundRules: s.fare.refundRules,
            price: priceFares([s.fare], {
              tier: firstRef.tier,
              passengers: firstRef.passengers,
              agent: false,
              commissionPercent: 0,
            }),
          })),
        });
      }
      await tx.insert(bookingPassengers).values(
        request.passengers.map((p, position) => ({
          bookingId: bookingId as string,
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
        })),
      );
      await recordBookingEvent(tx, bookingId, 'held', { name: nameOf(user), userId: user.id }, null);
      return bookingId;
    }),
  );
}

/** Holds one offer with its supplier; a price that moved since re-pricing answers as re-pricing does. */
async function holdOffer(tx: Db, offer: EngineOffer, expiresAt: Date) {
  const supplier = supplierOf(offer.id);
  if (!supplier) throw new AppError('OFFER_EXPIRED', undefined, undefined, { offer_id: offer.id });
  try {
    return await supplier.hold(tx, { offerId: offer.id, expectedTotal: offer.price.total, expiresAt });
  } catch (error) {
    if (error instanceof AppError && error.code === 'PRICE_CHANGED') {
      const currency = offer.price.currency;
      throw new AppError('PRICE_CHANGED', error.message, undefined, {
        offer_id: offer.id,
        old_price: { total: offer.price.total, currency },
        new_price: { total: error.details?.new_price, currency },
      });
    }
    if (error instanceof AppError)
      throw new AppError(error.code, error.message, error.fields, { offer_id: offer.id });
    throw error;
  }
}

async function findByKey(
  db: Db,
  userId: string,
  key: string,
  requestHash: string,
): Promise<string | undefined> {
  const [found] = await db
    .select({ id: bookings.id, requestHash: bookings.requestHash })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)));
  if (!found) return undefined;
  if (found.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return found.id;
}
