import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookEventType } from '#shared/integrations';
import type { Db } from '../../db/client';
import {
  type BookingEventAmounts,
  type BookingStatusValue,
  bookingEvents,
  bookings,
} from '../../db/schema/index';
import { recordWebhookEvents } from '../webhooks/record-webhook-events';

/** Who made a change: a user (by name) or "system" / a gateway. */
export interface Actor {
  name: string;
  userId?: string | null;
}

export const SYSTEM: Actor = { name: 'system' };

export interface ChangeBookingStatusOptions {
  bookingId: string;
  /** The change applies only from one of these statuses (a conditional update). */
  from: BookingStatusValue[];
  to: BookingStatusValue;
  by: Actor;
  note?: string | null;
  /** A cancellation's or void's fee, kept in the history entry for the sales report. */
  cancellationFee?: number;
  /** An after-sales event's money, for views to format. */
  amounts?: BookingEventAmounts | null;
  /** Other columns set with the status. */
  set?: Partial<typeof bookings.$inferInsert>;
}

/**
 * The one place a booking's status changes: a conditional update plus its history entry, in the
 * caller's transaction. Returns false (and records nothing) when the booking was not in `from`.
 */
export async function changeBookingStatus(db: Db, options: ChangeBookingStatusOptions): Promise<boolean> {
  const changed = await db
    .update(bookings)
    .set({ ...options.set, status: options.to, updatedAt: sql`now()` })
    .where(and(eq(bookings.id, options.bookingId), inArray(bookings.status, options.from)))
    .returning({ id: bookings.id, brandId: bookings.brandId, userId: bookings.userId });
  const [booking] = changed;
  if (!booking) return false;
  await recordBookingEvent(
    db,
    options.bookingId,
    options.to,
    options.by,
    options.note ?? null,
    options.amounts ?? null,
    options.cancellationFee,
  );
  const webhookEvent = WEBHOOK_EVENT_OF[options.to];
  if (webhookEvent) {
    await recordWebhookEvents(db, [
      {
        brandId: booking.brandId,
        userId: booking.userId,
        type: webhookEvent,
        resourceType: 'booking',
        resourceId: booking.id,
      },
    ]);
  }
  return true;
}

/** The statuses the booker's webhooks are told about (a new hold is told by the hold batcher). */
const WEBHOOK_EVENT_OF: Partial<Record<BookingStatusValue, WebhookEventType>> = {
  held: 'booking.held',
  ticketed: 'booking.ticketed',
  cancelled: 'booking.cancelled',
  refunded: 'booking.refunded',
};

export async function recordBookingEvent(
  db: Db,
  bookingId: string,
  status: BookingStatusValue,
  by: Actor,
  note: string | null,
  amounts: BookingEventAmounts | null = null,
  cancellationFee?: number,
): Promise<void> {
  await db.insert(bookingEvents).values({
    bookingId,
    status,
    by: by.name,
    userId: by.userId ?? null,
    note,
    amounts,
    cancellationFee: cancellationFee ?? null,
  });
}
