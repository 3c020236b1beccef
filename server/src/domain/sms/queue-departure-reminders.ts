import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { queueBookingSms } from './queue-booking-sms';

/** A reminder goes this long before the first departure. */
export const REMINDER_HOURS_BEFORE = 24;
/** A booking ticketed this recently has just had its ticket SMS with the same facts: no reminder. */
const RECENTLY_TICKETED_HOURS = 12;

/**
 * One pass of the `sms.departure-reminders` job: each ticketed booking whose contact asked for
 * SMS and whose first flight leaves within REMINDER_HOURS_BEFORE gets one reminder (written once:
 * its dedupe key), unless it was paid in the last RECENTLY_TICKETED_HOURS. `now` is the moment
 * the pass runs for (tests give one). Answers how many reminders were written.
 */
export async function queueDepartureReminders(db: Db, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const due = await queryRows<{ id: string }>(
    db,
    sql`select b.id from bookings b
         where b.status = 'ticketed'
           and b.first_departure_at > ${now.toISOString()}::timestamptz
           and b.first_departure_at <= ${now.toISOString()}::timestamptz + make_interval(hours => ${REMINDER_HOURS_BEFORE})
           and coalesce(b.paid_at, b.created_at) < ${now.toISOString()}::timestamptz - make_interval(hours => ${RECENTLY_TICKETED_HOURS})
           and b.contact->>'smsUpdates' = 'true'
           and not exists (select 1 from sms_outbox s where s.dedupe_key = 'reminder:' || b.id::text)
         order by b.first_departure_at
         limit 200`,
  );
  return queueBookingSms(
    db,
    due.map((row) => ({ bookingId: row.id, kind: 'reminder' as const })),
  );
}
