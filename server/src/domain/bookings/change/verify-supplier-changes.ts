import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FlightOffer } from '#shared/flights';
import type { Db } from '../../../db/client';
import { bookings, type SegmentFare, supplierChangeChecks } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { type Actor, recordBookingEvent } from '../../booking-records/change-booking-status';
import { type FullBooking, loadBookingDetails } from '../../booking-records/find-booking';
import { moneyText } from '../../booking-records/money-text';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import { supplierById } from '../../suppliers/configured-suppliers';
import { CHANGE_EXPIRY_MARGIN_MS, changeExpired, type SupplierChangeState } from '../../suppliers/supplier';
import { postWalletEntry } from '../../wallet/post-wallet-entry';
import type { TicketLinks } from '../issue/queue-ticket-email';
import { applyBookingChange, openTicketsOfLeg } from './apply-booking-change';
import type { BookingChangeQuote } from './quote-booking-change';

type Leg = FullBooking['legs'][number];

/** Re-checks back off from a minute to an hour; a pending change is asked about until it is known. */
const FIRST_RETRY_MS = 60_000;
const LAST_RETRY_MS = 3_600_000;

/**
 * When to ask again: after `wait`, or just after the change can no longer be confirmed at the
 * supplier (its `expiresAt` and the margin) if that comes sooner: then the answer is final.
 */
function nextCheckAt(now: number, wait: number, expiresAt?: number): Date {
  const final =
    expiresAt === undefined ? Number.POSITIVE_INFINITY : expiresAt + CHANGE_EXPIRY_MARGIN_MS + 1000;
  return new Date(Math.max(now, Math.min(now + wait, final)));
}

export interface UnverifiedChange {
  booking: FullBooking['booking'];
  leg: Leg;
  orderChangeId: string;
  passengerIds: string[];
  toOffer: FlightOffer;
  toSegmentFares: SegmentFare[];
  charged: BookingChangeQuote;
  /** `wallet` (debited from `walletUserId` in the same transaction), `agency`, or null: nothing due. */
  paidWith: 'wallet' | 'agency' | null;
  walletUserId: string | null;
  by: Actor;
  reason: string;
  /** When the supplier can no longer confirm the change (not confirmed yet when asked), if known. */
  expiresAt?: number;
}

/**
 * Records a date change whose confirmation the supplier may or may not have made (its answer lost,
 * and the question what became of it lost too or answered "not yet, but still may"), in the
 * change's transaction: the wallet's debit stays
 * posted, the booking's history says the change is being confirmed with the airline, and the
 * `bookings.verify-supplier-changes` job asks the supplier until it knows.
 */
export async function recordUnverifiedChange(tx: Db, change: UnverifiedChange): Promise<string> {
  const [row] = await tx
    .insert(supplierChangeChecks)
    .values({
      bookingId: change.booking.id,
      legPosition: change.leg.position,
      fromLocator: change.leg.locator,
      supplier: change.leg.supplier,
      orderId: change.leg.supplierOrderId ?? '',
      orderChangeId: change.orderChangeId,
      passengerIds: change.passengerIds,
      toOffer: change.toOffer,
      toSegmentFares: change.toSegmentFares,
      charged: change.charged as unknown as Record<string, unknown>,
      paidWith: change.paidWith,
      walletUserId: change.walletUserId,
      byName: change.by.name,
      byUserId: change.by.userId ?? null,
      lastError: change.reason,
      nextCheckAt: nextCheckAt(Date.now(), FIRST_RETRY_MS, change.expiresAt),
    })
    .returning({ id: supplierChangeChecks.id });
  await recordBookingEvent(
    tx,
    change.booking.id,
    change.booking.status,
    change.by,
    `Date change to ${change.charged.toFlights.join(', ')} sent to the airline (${change.orderChangeId}); ` +
      'its answer did not arrive: being confirmed with the airline' +
      (change.paidWith === 'wallet' && change.charged.amountDue > 0
        ? `, ${moneyText(change.charged.amountDue, change.charged.currency)} held from the wallet until then.`
        : '.'),
  );
  return row?.id ?? '';
}

/** CHANGE_NOT_ALLOWED while an earlier change of the leg is still being confirmed with the airline. */
export async function assertNoChangeBeingVerified(db: Db, bookingId: string, legPosition: number) {
  const [pending] = await db
    .select({ id: supplierChangeChecks.id })
    .from(supplierChangeChecks)
    .where(
      and(
        eq(supplierChangeChecks.bookingId, bookingId),
        eq(supplierChangeChecks.legPosition, legPosition),
        eq(supplierChangeChecks.status, 'pending'),
      ),
    )
    .limit(1);
  if (pending)
    throw new AppError(
      'CHANGE_NOT_ALLOWED',
      'An earlier date change of this flight is still being confirmed with the airline. Please try again later.',
      undefined,
      { rule: 'change_being_confirmed' },
    );
}

export interface VerifySupplierChangesResult {
  applied: number;
  rolledBack: number;
  /**
   * Still unknown: the supplier could not be asked, or has not confirmed the change but still may
   * (asked again later).
   */
  pending: number;
}

/**
 * The `bookings.verify-supplier-changes` pass: each pending change that is due is asked about at
 * its supplier (Duffel: GET the order change). Confirmed there: the change is applied in the books
 * as a confirmed change is (applyBookingChange: leg, reissued tickets, `booking_changes`, invoice,
 * history, e-ticket e-mail), paid by the debit already posted. Not made and past the order
 * change's expiry (it can no longer be): the debit is given back (`refund_credit`, in the ledger by
 * its trigger) and the history says so. Not made yet but still confirmable (Duffel may still be
 * making it from our confirmation), or the supplier not answering: asked again later, backing off,
 * and just after the expiry if sooner. Safe in several instances (row lock, skip locked).
 */
export async function verifySupplierChanges(
  db: Db,
  options: { links: TicketLinks; now?: Date; jobs: OutboxJobs },
): Promise<VerifySupplierChangesResult> {
  const result: VerifySupplierChangesResult = { applied: 0, rolledBack: 0, pending: 0 };
  const due = await db
    .select({ id: supplierChangeChecks.id })
    .from(supplierChangeChecks)
    .where(
      and(
        eq(supplierChangeChecks.status, 'pending'),
        lte(supplierChangeChecks.nextCheckAt, options.now ?? new Date()),
      ),
    )
    .orderBy(asc(supplierChangeChecks.nextCheckAt))
    .limit(50);
  for (const { id } of due) {
    let outcome: Awaited<ReturnType<typeof verifyOne>>;
    try {
      outcome = await verifyOne(db, id, options.links);
    } catch (error) {
      // Known at the supplier but not applicable here (the leg changed meanwhile): left pending,
      // with the reason, for the agency to settle by hand; never applied or given back blindly.
      await db
        .update(supplierChangeChecks)
        .set({
          lastError: error instanceof Error ? error.message : String(error),
          nextCheckAt: new Date(Date.now() + LAST_RETRY_MS),
          updatedAt: sql`now()`,
        })
        .where(eq(supplierChangeChecks.id, id));
      outcome = 'pending';
    }
    if (outcome === 'applied') result.applied += 1;
    else if (outcome === 'rolled_back') result.rolledBack += 1;
    else if (outcome === 'pending') result.pending += 1;
  }
  // An applied change wrote its reissued e-ticket's e-mail.
  if (result.applied > 0) await options.jobs.send('email.deliver-outbox');
  return result;
}

async function verifyOne(
  db: Db,
  id: string,
  links: TicketLinks,
): Promise<'applied' | 'rolled_back' | 'pending' | 'skipped'> {
  const [check] = await db.select().from(supplierChangeChecks).where(eq(supplierChangeChecks.id, id));
  if (!check || check.status !== 'pending') return 'skipped';
  const [booking] = await db
    .select({ brandId: bookings.brandId })
    .from(bookings)
    .where(eq(bookings.id, check.bookingId));
  const supplier = supplierById(check.supplier);
  let state: SupplierChangeState;
  try {
    if (!supplier?.checkChange) throw new Error(`supplier ${check.supplier} is not configured`);
    state = await supplier.checkChange(db, {
      orderId: check.orderId,
      brandId: booking?.brandId ?? null,
      changeId: check.orderChangeId,
      passengerIds: check.passengerIds,
    });
  } catch (error) {
    return askAgainLater(db, check, error instanceof Error ? error.message : String(error));
  }
  if (!state.confirmed && !changeExpired(state))
    return askAgainLater(
      db,
      check,
      `${check.supplier} has not made order change ${check.orderChangeId} yet; it may until ` +
        `${new Date(state.expiresAt).toISOString()}.`,
      state.expiresAt,
    );
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, check.bookingId)).for('update');
    const [again] = await tx
      .select()
      .from(supplierChangeChecks)
      .where(eq(supplierChangeChecks.id, id))
      .for('update');
    if (!locked || !again || again.status !== 'pending') return 'skipped';
    const charged = again.charged as unknown as BookingChangeQuote;
    const by: Actor = { name: again.byName, userId: again.byUserId };
    if (state.confirmed) {
      const current = await loadBookingDetails(tx, locked);
      const leg = current.legs.find((l) => l.position === again.legPosition);
      if (!leg || leg.locator !== again.fromLocator)
        throw new Error(`booking ${locked.pnr}: its leg changed`);
      const supplierOfLeg = supplierById(leg.supplier);
      if (!supplierOfLeg) throw new Error(`supplier ${leg.supplier} is not configured`);
      const { open } = openTicketsOfLeg(current, leg);
      const position = new Map(current.passengers.map((p, i) => [p.id, i]));
      const applied = await applyBookingChange(tx, {
        locked,
        current,
        leg,
        supplier: supplierOfLeg,
        supplierOrder: {
          airlineReference: state.order.airlineReference,
          ticketNumbers: open.map(
            (t) => state.order.ticketNumbers[position.get(t.passengerId) ?? -1] ?? null,
          ),
        },
        presented: again.toOffer,
        segmentFares: again.toSegmentFares,
        charged,
        paidWith: charged.amountDue > 0 ? again.paidWith : null,
        paidNote:
          charged.amountDue <= 0
            ? ''
            : again.paidWith === 'agency'
              ? ' collected by the agency from the traveller'
              : ' paid from the wallet',
        by,
        links,
      });
      await tx
        .update(supplierChangeChecks)
        .set({ status: 'applied', bookingChangeId: applied.changeId, updatedAt: sql`now()` })
        .where(eq(supplierChangeChecks.id, id));
      return 'applied';
    }
    let note = `The airline did not make the date change to ${charged.toFlights.join(', ')} (${again.orderChangeId}): the booking keeps its flight`;
    if (again.paidWith === 'wallet' && again.walletUserId && charged.amountDue > 0) {
      await postWalletEntry(tx, {
        userId: again.walletUserId,
        kind: 'refund_credit',
        amount: charged.amountDue,
        currency: charged.currency,
        bookingId: locked.id,
        note: `Date change of booking ${locked.pnr} not made by the airline: its debit given back`,
      });
      note += `, ${moneyText(charged.amountDue, charged.currency)} given back to the wallet`;
    }
    await recordBookingEvent(tx, locked.id, locked.status, by, `${note}.`);
    await tx
      .update(supplierChangeChecks)
      .set({ status: 'rolled_back', updatedAt: sql`now()` })
      .where(eq(supplierChangeChecks.id, id));
    return 'rolled_back';
  });
}

/** Leaves a pending check pending, to be asked about again after the back-off (or the expiry). */
async function askAgainLater(
  db: Db,
  check: { id: string; attempts: number },
  reason: string,
  expiresAt?: number,
): Promise<'pending'> {
  const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(check.attempts + 1, 10));
  await db
    .update(supplierChangeChecks)
    .set({
      attempts: check.attempts + 1,
      lastError: reason,
      nextCheckAt: nextCheckAt(Date.now(), wait, expiresAt),
      updatedAt: sql`now()`,
    })
    .where(and(eq(supplierChangeChecks.id, check.id), eq(supplierChangeChecks.status, 'pending')));
  return 'pending';
}
