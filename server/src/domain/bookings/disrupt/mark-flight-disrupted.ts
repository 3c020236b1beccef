import { and, eq } from 'drizzle-orm';
import { siteConfig } from '#shared/site-config';
import type { Db } from '../../../db/client';
import {
  bookingDisruptions,
  bookings,
  brands,
  type DisruptionChange,
  type DisruptionReason,
  flightDisruptions,
} from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { type AuditActor, recordAudit } from '../../audit/record-audit';
import { recordBookingEvent } from '../../booking-records/change-booking-status';
import { bookingFliesOn } from '../../booking-records/flight-id';
import { sendEmail } from '../../email/send-email';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import { queueBookingSms } from '../../sms/queue-booking-sms';
import { recordWebhookEvents } from '../../webhooks/record-webhook-events';

export interface MarkFlightDisruptedOptions {
  brandId: string;
  flightId: string;
  reason: DisruptionReason;
  note: string;
  /** What happened to the flight (default `disrupted`: a notice only). */
  change?: DisruptionChange;
  /** Delayed or retimed: the new local departure, `2026-05-01T09:30`. */
  newDepartureLocal?: string | null;
  /** The admin, or (id null) the system on an outside supplier's word (`name` says whose). */
  actor: AuditActor & { name: string };
}

const REASON_TEXT: Record<DisruptionReason, string> = {
  weather: 'bad weather',
  technical: 'a technical problem',
  operational: 'an operational problem',
  other: 'a disruption',
};

const SUBJECT: Record<DisruptionChange, string> = {
  disrupted: 'Flight disruption',
  cancelled: 'Flight cancelled',
  delayed: 'Flight delayed',
  retimed: 'Flight time changed',
};

function changeText(disruption: { change: DisruptionChange; newDepartureLocal: string | null }): string {
  const newTime = disruption.newDepartureLocal?.replace('T', ' at ') ?? 'a new time';
  switch (disruption.change) {
    case 'cancelled':
      return 'is cancelled';
    case 'delayed':
      return `is delayed: it now leaves on ${newTime} (local time)`;
    case 'retimed':
      return `has a new time: it now leaves on ${newTime} (local time)`;
    default:
      return 'is disrupted';
  }
}

/** What the traveller can do from the booking page. */
function answerText(change: DisruptionChange): string {
  const accept = change === 'delayed' || change === 'retimed' ? 'accept the new time, ' : '';
  return (
    `Open your booking to ${accept}move to another flight on the same route within 3 days at no cost ` +
    '(seats permitting), or take a full refund without fee, in one click.\n\n'
  );
}

/**
 * Marks a dated flight disrupted for the brand: every active booking (held, paid, ticketed) of
 * the brand on it is flagged once, gets a history entry, and its contact an e-mail (through the
 * outbox); audited. Marking again flags only bookings made since, with the first reason kept.
 * A flight the brand has no bookings on is not found (another brand's flights included).
 */
export async function markFlightDisrupted(
  db: Db,
  options: MarkFlightDisruptedOptions & { jobs: OutboxJobs },
) {
  const marked = await db.transaction((tx) => flagFlightDisrupted(tx, options));
  await options.jobs.send('email.deliver-outbox');
  return marked;
}

/** markFlightDisrupted's writes, in the caller's transaction (an outside supplier's event's, too). */
export async function flagFlightDisrupted(tx: Db, options: MarkFlightDisruptedOptions) {
  const onFlight = await tx
    .select({
      id: bookings.id,
      pnr: bookings.pnr,
      status: bookings.status,
      contact: bookings.contact,
      route: bookings.route,
      userId: bookings.userId,
    })
    .from(bookings)
    .where(and(eq(bookings.brandId, options.brandId), bookingFliesOn(bookings.id, options.flightId)))
    .for('update');
  if (onFlight.length === 0) throw new AppError('NOT_FOUND', 'This agency has no booking on that flight.');
  await tx
    .insert(flightDisruptions)
    .values({
      brandId: options.brandId,
      flightId: options.flightId,
      reason: options.reason,
      note: options.note,
      change: options.change ?? 'disrupted',
      newDepartureLocal: options.newDepartureLocal ?? null,
      actorUserId: options.actor.id,
      actorLabel: options.actor.email ?? options.actor.mobile ?? options.actor.id ?? options.actor.name,
    })
    .onConflictDoNothing();
  const [disruption] = await tx
    .select()
    .from(flightDisruptions)
    .where(
      and(eq(flightDisruptions.brandId, options.brandId), eq(flightDisruptions.flightId, options.flightId)),
    );
  if (!disruption) throw new Error('disruption not recorded');
  const active = onFlight.filter(
    (b) => b.status === 'held' || b.status === 'paid' || b.status === 'ticketed',
  );
  const already = await tx
    .select({ bookingId: bookingDisruptions.bookingId })
    .from(bookingDisruptions)
    .where(eq(bookingDisruptions.disruptionId, disruption.id));
  const flagged = active.filter((b) => !already.some((a) => a.bookingId === b.id));
  const [brand] = await tx.select().from(brands).where(eq(brands.id, options.brandId));
  const config = siteConfig.safeParse(brand?.siteConfig);
  const brandName = config.success ? config.data.displayName : 'Your travel agency';
  const contactLine = config.success && config.data.phone ? ` or call ${config.data.phone}` : '';
  for (const booking of flagged) {
    await tx.insert(bookingDisruptions).values({ bookingId: booking.id, disruptionId: disruption.id });
    await recordBookingEvent(
      tx,
      booking.id,
      booking.status,
      { name: options.actor.name, userId: options.actor.id },
      `Flight ${options.flightId} ${disruption.change}${disruption.newDepartureLocal ? ` to ${disruption.newDepartureLocal.replace('T', ' ')}` : ''} (${disruption.reason}): ${disruption.note}`,
    );
    await sendEmail(tx, {
      brandId: options.brandId,
      to: booking.contact.email,
      subject: `${SUBJECT[disruption.change]}: booking ${booking.pnr} (${booking.route})`,
      text:
        `Dear ${booking.contact.name},\n\nYour flight ${options.flightId.replace(/-(\d{4}-\d{2}-\d{2})$/, ' on $1')} ` +
        `(booking ${booking.pnr}, ${booking.route}) ${changeText(disruption)} because of ${REASON_TEXT[disruption.reason]}.\n\n` +
        `${disruption.note}\n\n${answerText(disruption.change)}${contactLine ? `You can also reply to this e-mail${contactLine}.\n\n` : ''}${brandName}`,
    });
  }
  await queueBookingSms(
    tx,
    flagged.map((b) => ({
      bookingId: b.id,
      kind: 'disrupted',
      disruption: {
        id: disruption.id,
        change: disruption.change,
        newDepartureLocal: disruption.newDepartureLocal,
      },
    })),
  );
  await recordAudit(tx, {
    brandId: options.brandId,
    actor: options.actor,
    action: 'flight.disrupt',
    entityType: 'flight',
    entityId: options.flightId,
    after: {
      reason: disruption.reason,
      note: disruption.note,
      change: disruption.change,
      newDepartureLocal: disruption.newDepartureLocal,
      flagged: flagged.map((b) => b.pnr),
    },
  });
  await recordWebhookEvents(
    tx,
    flagged.map((b) => ({
      brandId: options.brandId,
      userId: b.userId,
      type: 'flight.disrupted',
      resourceType: 'booking',
      resourceId: b.id,
    })),
  );
  return { disruption, flagged: flagged.map((b) => b.pnr) };
}
