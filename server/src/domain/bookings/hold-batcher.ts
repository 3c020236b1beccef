import { and, eq, inArray, or } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from '../../db/client';
import { bookingEvents, bookingLegs, bookingPassengers, bookings } from '../../db/schema/index';
import { AppError } from '../../errors';
import { supplierOf } from '../flights/configured-suppliers';
import type { EngineOffer } from '../flights/engine/build-offers';
import { newLocator } from '../suppliers/house-supplier';
import type { HoldOutcome } from '../suppliers/supplier';
import type { Actor } from './change-booking-status';
import { type FullBooking, loadBookingDetails } from './find-booking';
import { withRetryOnConflict } from './retry-on-conflict';

/** A priced and checked booking, ready to be written and to have its seats held. */
export interface PendingBooking {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  booking: Omit<typeof bookings.$inferInsert, 'pnr' | 'userId' | 'idempotencyKey' | 'requestHash'>;
  passengers: Omit<typeof bookingPassengers.$inferInsert, 'bookingId'>[];
  /** The offers to hold, all of one supplier, and each one's leg row. */
  offers: EngineOffer[];
  legs: Omit<typeof bookingLegs.$inferInsert, 'bookingId' | 'locator'>[];
  expiresAt: Date;
  by: Actor;
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

/**
 * Writes a batch in the caller's transaction: claims every Idempotency-Key with its booking row,
 * holds the seats of the claimed ones, drops the bookings that found no seats, then writes the
 * passengers, history and legs of the rest.
 */
async function writeBatch(tx: Db, batch: Queued[]): Promise<Verdict[]> {
  const inserted = await tx
    .insert(bookings)
    .values(
      batch.map(({ pending }) => ({
        ...pending.booking,
        pnr: newLocator(),
        userId: pending.userId,
        idempotencyKey: pending.idempotencyKey,
        requestHash: pending.requestHash,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const insertedByKey = new Map(inserted.map((row) => [keyOf(row), row]));
  const verdicts: Verdict[] = new Array(batch.length);

  // A key already taken answers its booking (or 422 for another body); else the PNR was taken.
  const unclaimed = batch.filter(({ pending }) => !insertedByKey.has(keyOf(pending)));
  if (unclaimed.length > 0) {
    const existing = await tx
      .select()
      .from(bookings)
      .where(
        or(
          ...unclaimed.map(({ pending }) =>
            and(eq(bookings.userId, pending.userId), eq(bookings.idempotencyKey, pending.idempotencyKey)),
          ),
        ),
      );
    const existingByKey = new Map(existing.map((row) => [keyOf(row), row]));
    for (const [i, { pending }] of batch.entries()) {
      if (insertedByKey.has(keyOf(pending))) continue;
      const found = existingByKey.get(keyOf(pending));
      if (!found) verdicts[i] = 'again';
      else if (found.requestHash !== pending.requestHash)
        verdicts[i] = { error: new AppError('IDEMPOTENCY_KEY_REUSED') };
      else verdicts[i] = { full: await loadBookingDetails(tx, found) };
    }
  }

  const claimed = batch.flatMap(({ pending }, i) => {
    const booking = insertedByKey.get(keyOf(pending));
    return booking ? [{ i, pending, booking }] : [];
  });
  const outcomes = await holdBySupplier(
    tx,
    claimed.map((c) => c.pending),
  );
  const held = claimed.flatMap((c, n) => {
    const outcome = outcomes[n] as HoldOutcome;
    if ('holds' in outcome) return [{ ...c, holds: outcome.holds }];
    verdicts[c.i] = {
      error: new AppError('SOLD_OUT', undefined, undefined, { offer_id: outcome.soldOutOffer.id }),
    };
    return [];
  });
  const soldOut = claimed.filter((c) => verdicts[c.i] !== undefined).map((c) => c.booking.id);
  if (soldOut.length > 0) await tx.delete(bookings).where(inArray(bookings.id, soldOut));
  if (held.length === 0) return verdicts;

  const [passengers, events, legs] = [
    await tx
      .insert(bookingPassengers)
      .values(
        held.flatMap(({ pending, booking }) =>
          pending.passengers.map((p) => ({ ...p, bookingId: booking.id })),
        ),
      )
      .returning(),
    await tx
      .insert(bookingEvents)
      .values(
        held.map(({ pending, booking }) => ({
          bookingId: booking.id,
          status: 'held' as const,
          by: pending.by.name,
          userId: pending.by.userId ?? null,
          note: null,
        })),
      )
      .returning(),
    await tx
      .insert(bookingLegs)
      .values(
        held.flatMap(({ pending, booking, holds }) =>
          pending.legs.map((leg, position) => ({
            ...leg,
            bookingId: booking.id,
            locator: holds[position]?.locator ?? '',
          })),
        ),
      )
      .returning(),
  ];
  for (const { i, booking } of held) {
    const mine = <T extends { bookingId: string }>(rows: T[]) =>
      rows.filter((r) => r.bookingId === booking.id);
    verdicts[i] = {
      full: {
        booking,
        legs: mine(legs).sort((a, b) => a.position - b.position),
        passengers: mine(passengers).sort((a, b) => a.position - b.position),
        tickets: [],
        events: mine(events),
        disruptions: [],
      },
    };
  }
  return verdicts;
}

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
