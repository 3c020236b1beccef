import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { HoldLimits } from '#shared/hold-limits';
import { type Db, queryRows } from '../../../db/client';
import {
  type bookingEvents,
  type bookingLegs,
  type bookingPassengers,
  bookings,
} from '../../../db/schema/index';
import { type UnnestColumn, unnest } from '../../../db/unnest';
import { AppError } from '../../../errors';
import type { Actor } from '../../booking-records/change-booking-status';
import { type BookingRow, type FullBooking, loadBookingDetails } from '../../booking-records/find-booking';
import { withRetryOnConflict } from '../../booking-records/retry-on-conflict';
import type { EngineOffer } from '../../flight-engine/build-offers';
import { queueBookingSms, wantsSms } from '../../sms/queue-booking-sms';
import { supplierOf } from '../../suppliers/configured-suppliers';
import { newLocator } from '../../suppliers/new-locator';
import type { HoldOutcome } from '../../suppliers/supplier';
import { recordWebhookEvents } from '../../webhooks/record-webhook-events';
import { holdLimitRefusals, lockAccounts } from './hold-limits';

/** A priced and checked booking, ready to be written and to have its seats held. */
export interface PendingBooking {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  booking: Pick<
    BookingRow,
    | 'brandId'
    | 'status'
    | 'currency'
    | 'price'
    | 'markup'
    | 'priceBreakdown'
    | 'amountDue'
    | 'contact'
    | 'firstDepartureAt'
    | 'route'
  >;
  passengers: Omit<PassengerRow, 'id' | 'bookingId'>[];
  /** The offers to hold, all of one supplier, and each one's leg row. */
  offers: EngineOffer[];
  legs: Omit<LegRow, 'bookingId' | 'locator'>[];
  expiresAt: Date;
  by: Actor;
  /** The seat hoarding limits of the booker's brand. */
  holdLimits: HoldLimits;
}

type Verdict = { full: FullBooking } | { error: unknown } | 'again';

interface Queued {
  pending: PendingBooking;
  resolve(full: FullBooking): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 50;
/** Batches written at once on PostgreSQL; PGlite has one connection, so one at a time. */
const MAX_BATCHES_IN_FLIGHT = 2;

/**
 * Group commit for holds. A booking that arrives while others are being written waits for the
 * next transaction and goes into it with everything else that arrived meanwhile: one insert per
 * table and one seat statement for the whole batch, so a busy flight pays a handful of round
 * trips per batch instead of per booking. With nothing else in flight a booking goes at once,
 * alone. Each booking stays all or nothing and the seats go first come, first served.
 */
export class HoldBatcher {
  private readonly queue: Queued[] = [];
  private inFlight = 0;
  private readonly maxInFlight: number;

  constructor(private readonly db: Db) {
    this.maxInFlight = (db as unknown) instanceof PgliteDatabase ? 1 : MAX_BATCHES_IN_FLIGHT;
  }

  submit(pending: PendingBooking): Promise<FullBooking> {
    return new Promise((resolve, reject) => {
      this.queue.push({ pending, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = takeBatch(this.queue);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(batch: Queued[]): Promise<void> {
    let verdicts: Verdict[];
    try {
      verdicts = await withRetryOnConflict(() => this.db.transaction((tx) => writeBatch(tx, batch)));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One booking's failure must not fail the others: each goes again, alone.
      for (const item of batch) await this.run([item]);
      return;
    }
    verdicts.forEach((verdict, i) => {
      const item = batch[i] as Queued;
      if (verdict === 'again') this.queue.unshift(item);
      else if ('full' in verdict) item.resolve(verdict.full);
      else item.reject(verdict.error);
    });
  }
}

/** The oldest queued bookings, at most one per Idempotency-Key (a repeat waits for the next batch). */
function takeBatch(queue: Queued[]): Queued[] {
  const batch: Queued[] = [];
  const keys = new Set<string>();
  for (let i = 0; i < queue.length && batch.length < MAX_BATCH; ) {
    const item = queue[i] as Queued;
    const key = `${item.pending.userId}|${item.pending.idempotencyKey}`;
    if (keys.has(key)) {
      i++;
      continue;
    }
    keys.add(key);
    batch.push(item);
    queue.splice(i, 1);
  }
  return batch;
}

const keyOf = (row: { userId: string; idempotencyKey: string | null }) =>
  `${row.userId}|${row.idempotencyKey}`;

type PassengerRow = typeof bookingPassengers.$inferSelect;
type LegRow = typeof bookingLegs.$inferSelect;
/** A history entry as the hold writes it (a hold has no cancellation fee). */
type EventRow = Omit<typeof bookingEvents.$inferSelect, 'cancellationFee'>;

/**
 * Writes a batch in the caller's transaction: claims every Idempotency-Key with its booking row,
 * holds the seats of the claimed ones within their accounts' hoarding limits (each account's row
 * locked first, so its holds are counted one at a time), then in one statement drops the bookings
 * refused or that found no seats and writes the passengers, history and legs of the rest. Rows go as one array per
 * column (`unnest`), and ids and times are made here, so nothing is read back but what the
 * database alone knows: which keys were free and the history's ids.
 */
async function writeBatch(tx: Db, batch: Queued[]): Promise<Verdict[]> {
  await lockAccounts(
    tx,
    batch.map(({ pending }) => pending.userId),
  );
  const now = new Date();
  const rows: BookingRow[] = batch.map(({ pending }) => ({
    ...pending.booking,
    id: randomUUID(),
    pnr: newLocator(),
    userId: pending.userId,
    idempotencyKey: pending.idempotencyKey,
    requestHash: pending.requestHash,
    expiresAt: pending.expiresAt,
    paidWith: null,
    paidAt: null,
    ticketEmailedAt: null,
    statusReason: null,
    createdAt: now,
    updatedAt: now,
  }));
  const claimedIds = new Set(
    (
      await queryRows<{ id: string }>(
        tx,
        sql`insert into bookings (id, pnr, brand_id, user_id, status, currency, price, markup, price_breakdown,
              amount_due, contact, expires_at, first_departure_at, route, idempotency_key, request_hash, created_at, updated_at)
            select * from ${unnest(rows, BOOKING_COLUMNS)}
            on conflict do nothing
            returning id`,
      )
    ).map((row) => row.id),
  );
  const verdicts: Verdict[] = new Array(batch.length);

  // A key already taken answers its booking (or 422 for another body); else the PNR was taken.
  const unclaimed = rows.filter((row) => !claimedIds.has(row.id));
  if (unclaimed.length > 0) {
    const existing = await tx
      .select()
      .from(bookings)
      .where(
        or(
          ...unclaimed.map((row) =>
            and(eq(bookings.userId, row.userId), eq(bookings.idempotencyKey, row.idempotencyKey)),
          ),
        ),
      );
    const existingByKey = new Map(existing.map((row) => [keyOf(row), row]));
    for (const [i, row] of rows.entries()) {
      if (claimedIds.has(row.id)) continue;
      const found = existingByKey.get(keyOf(row));
      if (!found) verdicts[i] = 'again';
      else if (found.requestHash !== row.requestHash)
        verdicts[i] = { error: new AppError('IDEMPOTENCY_KEY_REUSED') };
      else verdicts[i] = { full: await loadBookingDetails(tx, found) };
    }
  }

  const candidates = batch.flatMap(({ pending }, i) => {
    const booking = rows[i] as BookingRow;
    return claimedIds.has(booking.id) ? [{ i, pending, booking }] : [];
  });
  // Over a hoarding limit: refused, and its booking row dropped below with the sold-out ones.
  const refusals = await holdLimitRefusals(
    tx,
    candidates.map(({ pending }) => ({
      userId: pending.userId,
      limits: pending.holdLimits,
      offers: pending.legs.map((leg) => leg.offer),
      seats: pending.passengers.filter((p) => p.type !== 'infant').length,
    })),
    [...claimedIds],
  );
  const dropped: string[] = [];
  const claimed = candidates.filter((c, n) => {
    const refusal = refusals[n];
    if (!refusal) return true;
    verdicts[c.i] = { error: refusal };
    dropped.push(c.booking.id);
    return false;
  });
  const outcomes = await holdBySupplier(
    tx,
    claimed.map((c) => c.pending),
  );
  const held = claimed.flatMap((c, n) => {
    const outcome = outcomes[n] as HoldOutcome;
    if ('holds' in outcome) {
      const passengers = c.pending.passengers.map((p) => ({
        ...p,
        id: randomUUID(),
        bookingId: c.booking.id,
      }));
      const legs = c.pending.legs.map((leg, position) => ({
        ...leg,
        bookingId: c.booking.id,
        locator: outcome.holds[position]?.locator ?? '',
        supplierOrderId: outcome.holds[position]?.orderId ?? null,
        airlineReference: outcome.holds[position]?.airlineReference ?? null,
      }));
      return [{ ...c, passengers, legs }];
    }
    verdicts[c.i] = {
      error: new AppError('SOLD_OUT', undefined, undefined, { offer_id: outcome.soldOutOffer.id }),
    };
    dropped.push(c.booking.id);
    return [];
  });
  if (held.length === 0 && dropped.length === 0) return verdicts;

  const events: Omit<EventRow, 'id'>[] = held.map(({ pending, booking }) => ({
    bookingId: booking.id,
    status: 'held',
    by: pending.by.name,
    userId: pending.by.userId ?? null,
    note: null,
    amounts: null,
    at: now,
  }));
  const eventIds = await queryRows<{ id: string; booking_id: string }>(
    tx,
    sql`with dropped as (delete from bookings where id = any(${sql.param(dropped)}::uuid[])),
        passengers as (
          insert into booking_passengers (id, booking_id, position, type, title, first_name, last_name, gender,
            date_of_birth, nationality, passport_number, passport_expiry, passport_country, display_name_ne)
          select * from ${unnest(
            held.flatMap((h) => h.passengers),
            PASSENGER_COLUMNS,
          )}),
        legs as (
          insert into booking_legs (booking_id, position, supplier, locator, offer, segment_fares,
            supplier_order_id, airline_reference)
          select * from ${unnest(
            held.flatMap((h) => h.legs),
            LEG_COLUMNS,
          )})
        insert into booking_events (booking_id, status, by, user_id, note, at)
        select * from ${unnest(events, EVENT_COLUMNS)}
        returning id, booking_id`,
  );
  const eventIdOf = new Map(eventIds.map((row) => [row.booking_id, Number(row.id)]));
  await recordWebhookEvents(
    tx,
    held.map(({ booking }) => ({
      brandId: booking.brandId,
      userId: booking.userId,
      type: 'booking.held',
      resourceType: 'booking',
      resourceId: booking.id,
    })),
  );
  // SMS for contacts who asked for them, written with the hold (docs/sms.md).
  await queueBookingSms(
    tx,
    held
      .filter(({ booking }) => wantsSms(booking.contact))
      .map(({ booking }) => ({ bookingId: booking.id, kind: 'held' })),
  );
  for (const [n, { i, booking, passengers, legs }] of held.entries()) {
    const event = events[n] as Omit<EventRow, 'id'>;
    verdicts[i] = {
      full: {
        booking,
        legs,
        passengers,
        tickets: [],
        events: [{ ...event, cancellationFee: null, id: eventIdOf.get(booking.id) ?? 0 }],
        disruptions: [],
        changePayment: null,
      },
    };
  }
  return verdicts;
}

const BOOKING_COLUMNS: UnnestColumn<BookingRow>[] = [
  ['uuid', (b) => b.id],
  ['text', (b) => b.pnr],
  ['uuid', (b) => b.brandId],
  ['uuid', (b) => b.userId],
  ['text', (b) => b.status],
  ['text', (b) => b.currency],
  ['jsonb', (b) => b.price],
  ['jsonb', (b) => b.markup],
  ['jsonb', (b) => b.priceBreakdown],
  ['integer', (b) => b.amountDue],
  ['jsonb', (b) => b.contact],
  ['timestamptz', (b) => b.expiresAt],
  ['timestamptz', (b) => b.firstDepartureAt],
  ['text', (b) => b.route],
  ['text', (b) => b.idempotencyKey],
  ['text', (b) => b.requestHash],
  ['timestamptz', (b) => b.createdAt],
  ['timestamptz', (b) => b.updatedAt],
];

const PASSENGER_COLUMNS: UnnestColumn<PassengerRow>[] = [
  ['uuid', (p) => p.id],
  ['uuid', (p) => p.bookingId],
  ['smallint', (p) => p.position],
  ['text', (p) => p.type],
  ['text', (p) => p.title],
  ['text', (p) => p.firstName],
  ['text', (p) => p.lastName],
  ['text', (p) => p.gender],
  ['text', (p) => p.dateOfBirth],
  ['text', (p) => p.nationality],
  ['text', (p) => p.passportNumber],
  ['text', (p) => p.passportExpiry],
  ['text', (p) => p.passportCountry],
  ['text', (p) => p.displayNameNe],
];

const LEG_COLUMNS: UnnestColumn<LegRow>[] = [
  ['uuid', (l) => l.bookingId],
  ['smallint', (l) => l.position],
  ['text', (l) => l.supplier],
  ['text', (l) => l.locator],
  ['jsonb', (l) => l.offer],
  ['jsonb', (l) => l.segmentFares],
  ['text', (l) => l.supplierOrderId],
  ['text', (l) => l.airlineReference],
];

const EVENT_COLUMNS: UnnestColumn<Omit<EventRow, 'id'>>[] = [
  ['uuid', (e) => e.bookingId],
  ['text', (e) => e.status],
  ['text', (e) => e.by],
  ['uuid', (e) => e.userId],
  ['text', (e) => e.note],
  ['timestamptz', (e) => e.at],
];

/** Holds each pending booking's offers with their supplier, batching the bookings of each supplier. */
async function holdBySupplier(tx: Db, pending: PendingBooking[]): Promise<HoldOutcome[]> {
  const outcomes: HoldOutcome[] = new Array(pending.length);
  const bySupplier = new Map<string, number[]>();
  for (const [i, p] of pending.entries()) {
    const supplier = p.offers[0]?.supplier ?? '';
    bySupplier.set(supplier, [...(bySupplier.get(supplier) ?? []), i]);
  }
  for (const indexes of bySupplier.values()) {
    const first = pending[indexes[0] ?? 0]?.offers[0];
    const supplier = first && supplierOf(first.id);
    if (!supplier) throw new AppError('OFFER_EXPIRED', undefined, undefined, { offer_id: first?.id });
    const results = await supplier.holdMany(
      tx,
      indexes.map((i) => ({
        offers: pending[i]?.offers ?? [],
        expiresAt: pending[i]?.expiresAt ?? new Date(),
        travellers: pending[i]?.passengers ?? [],
        contact: pending[i]?.booking.contact,
        brandId: pending[i]?.booking.brandId ?? null,
      })),
    );
    indexes.forEach((i, n) => {
      outcomes[i] = results[n] as HoldOutcome;
    });
  }
  return outcomes;
}

const batchers = new WeakMap<Db, HoldBatcher>();

/** The one batcher of a database handle. */
export function holdBatcherFor(db: Db): HoldBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new HoldBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
