import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type BookingContact,
  type BookingSmsKind,
  bookingLegs,
  bookings,
  type DisruptionChange,
  smsOutbox,
} from '../../db/schema/index';
import { brandNamesOf } from '../brands/brand-names-of';
import { composeBookingSms } from './compose-booking-sms';
import { smsLength } from './sms-parts';

export interface BookingSmsInput {
  bookingId: string;
  kind: BookingSmsKind;
  /** Disrupted: the disruption (one SMS per booking and disruption), what happened, the new time. */
  disruption?: { id: string; change: DisruptionChange; newDepartureLocal: string | null };
}

/** Whether the booking's contact asked for SMS (at booking: a mobile and the checkbox). */
export const wantsSms = (contact: BookingContact) => contact.smsUpdates === true && Boolean(contact.mobile);

/**
 * Writes booking SMS to the SMS outbox, in the caller's transaction (the change's own), for the
 * bookings whose contact asked for SMS; the others are skipped. Each message is written once
 * (its `dedupe_key`), in the contact's language, with the PNR and the first flight's local time.
 * The `sms.deliver` job sends them after the commit. Answers how many were written.
 */
export async function queueBookingSms(db: Db, inputs: readonly BookingSmsInput[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const ids = [...new Set(inputs.map((i) => i.bookingId))];
  const rows = await db.select().from(bookings).where(inArray(bookings.id, ids));
  const wanted = new Map(rows.filter((b) => wantsSms(b.contact)).map((b) => [b.id, b]));
  if (wanted.size === 0) return 0;
  const legs = await db
    .select({ bookingId: bookingLegs.bookingId, offer: bookingLegs.offer })
    .from(bookingLegs)
    .where(and(inArray(bookingLegs.bookingId, [...wanted.keys()]), eq(bookingLegs.position, 0)));
  const firstSegment = new Map(legs.map((l) => [l.bookingId, l.offer.segments[0]]));
  const brandNames = new Map<string, string>();
  let written = 0;
  for (const input of inputs) {
    const booking = wanted.get(input.bookingId);
    const segment = firstSegment.get(input.bookingId);
    if (!booking || !segment) continue;
    if (!brandNames.has(booking.brandId))
      brandNames.set(booking.brandId, (await brandNamesOf(db, booking.brandId)).brandName);
    const language = booking.contact.language === 'ne' ? 'ne' : 'en';
    const text = composeBookingSms({
      kind: input.kind,
      language,
      brandName: brandNames.get(booking.brandId) ?? '',
      pnr: booking.pnr,
      flight: {
        number: segment.flight_number,
        from: segment.depart_code,
        to: segment.dest_code,
        departAt: segment.depart_at,
      },
      holdExpiresAt: booking.expiresAt ?? undefined,
      change: input.disruption?.change,
      newDepartureLocal: input.disruption?.newDepartureLocal,
    });
    const inserted = await db
      .insert(smsOutbox)
      .values({
        brandId: booking.brandId,
        bookingId: booking.id,
        kind: input.kind,
        dedupeKey: input.disruption
          ? `disrupted:${input.disruption.id}:${booking.id}`
          : `${input.kind}:${booking.id}`,
        to: booking.contact.mobile,
        language,
        text,
        parts: smsLength(text).parts,
        notAfter: notAfterOf(input.kind, booking),
      })
      .onConflictDoNothing()
      .returning({ id: smsOutbox.id });
    written += inserted.length;
  }
  return written;
}

/** A hold's SMS is pointless once it lapsed; the others once the flight has left (a day's grace for a delay). */
function notAfterOf(kind: BookingSmsKind, booking: { expiresAt: Date | null; firstDepartureAt: Date }): Date {
  if (kind === 'held' && booking.expiresAt) return booking.expiresAt;
  const grace = kind === 'disrupted' ? 24 * 3_600_000 : 0;
  return new Date(booking.firstDepartureAt.getTime() + grace);
}
