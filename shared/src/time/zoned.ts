import { Temporal } from 'temporal-polyfill';

/**
 * Local wall time ↔ UTC in IANA zones: the one place Tikat converts between them, by Temporal
 * (temporal-polyfill), which reads the zone rules from the runtime's time-zone data
 * (docs/decisions/0006-temporal-for-local-time.md).
 *
 * A wall time is a clock reading with no zone: `2026-03-29T01:30` (seconds optional), or the same
 * reading as a number — the milliseconds since 1970-01-01T00:00 of that reading as if it were UTC
 * (the engine counts days and minutes that way). Instants are milliseconds since the epoch.
 *
 * The rule for wall times that a clock change makes ambiguous or impossible (docs/time.md) is
 * Temporal's `disambiguation: 'compatible'`, as RFC 5545 and most calendars read them:
 * - overlap (clocks go back, the wall time happens twice): the earlier instant, i.e. the offset in
 *   force before the change (London 2026-10-25 01:30 → 00:30Z, BST);
 * - gap (clocks go forward, the wall time never happens): the wall time is read with the offset in
 *   force before the change, which lands the length of the gap later on the wall
 *   (London 2026-03-29 01:30 → 01:30Z, which London calls 02:30 BST).
 */
export const DISAMBIGUATION = 'compatible' as const;

/** An instant as seen in a zone. */
export interface LocalTime {
  /** The local clock reading as milliseconds since 1970-01-01T00:00 of that reading. */
  wallMs: number;
  /** `2026-05-01` */
  date: string;
  /** `06:30:00` */
  time: string;
  /** Minutes ahead of UTC (345 in Kathmandu, -150 in St John's in summer). */
  offsetMinutes: number;
  /** ISO 8601 with the zone's offset: `2026-05-01T06:30:00+05:45`. */
  iso: string;
}

const MS_PER_MINUTE = 60_000;
/** Wall times kept per zone before the memo of local → UTC answers is started afresh. */
const MEMO_LIMIT = 100_000;

// Memo of Temporal's own answers (exact, not approximations): the search engine asks for the same
// schedule times in the same zones over and over.
const utcByWall = new Map<string, Map<number, number>>();

/** A stretch of time between two of a zone's transitions, with the offset in force throughout. */
interface OffsetPeriod {
  start: number;
  end: number;
  offsetMs: number;
}
const periodsByZone = new Map<string, OffsetPeriod[]>();

/**
 * The offset period around an instant, from Temporal's offset and transitions of the zone. Each
 * period is exact (from the transition before to the one after), so a zone needs a handful.
 */
function periodAt(timeZone: string, instant: number): OffsetPeriod {
  let periods = periodsByZone.get(timeZone);
  if (!periods) {
    periods = [];
    periodsByZone.set(timeZone, periods);
  }
  for (const period of periods) if (instant >= period.start && instant < period.end) return period;
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone);
  // The last transition at or before the instant, and the first after it.
  const previous = Temporal.Instant.fromEpochMilliseconds(instant + 1)
    .toZonedDateTimeISO(timeZone)
    .getTimeZoneTransition('previous');
  const next = zoned.getTimeZoneTransition('next');
  const period = {
    start: previous?.epochMilliseconds ?? Number.NEGATIVE_INFINITY,
    end: next?.epochMilliseconds ?? Number.POSITIVE_INFINITY,
    offsetMs: zoned.offsetNanoseconds / 1_000_000,
  };
  if (periods.length > 1_000) periods.length = 0;
  periods.push(period);
  return period;
}

/** A wall time as a Temporal plain date-time (no zone). */
function plainOf(wallTime: string | number): Temporal.PlainDateTime {
  if (typeof wallTime === 'string') return Temporal.PlainDateTime.from(wallTime);
  // Date's UTC fields only split the number into calendar fields; no zone is involved.
  const fields = new Date(wallTime);
  return new Temporal.PlainDateTime(
    fields.getUTCFullYear(),
    fields.getUTCMonth() + 1,
    fields.getUTCDate(),
    fields.getUTCHours(),
    fields.getUTCMinutes(),
    fields.getUTCSeconds(),
    fields.getUTCMilliseconds(),
  );
}

/** A wall time (`2026-03-29T01:30` or its number) as milliseconds of the same reading. */
export function wallMsOf(wallTime: string | number): number {
  if (typeof wallTime === 'number') return wallTime;
  return plainOf(wallTime).toZonedDateTime('UTC').epochMilliseconds;
}

/**
 * The UTC instant (epoch milliseconds) of a local wall time in a zone. Gaps and overlaps follow
 * `compatible`: an overlapping wall time is its earlier instant; a skipped one is read with the
 * offset before the change (so it lands later on the wall by the gap's length).
 */
export function localToUtc(wallTime: string | number, timeZone: string): number {
  const wallMs = wallMsOf(wallTime);
  let memo = utcByWall.get(timeZone);
  if (!memo || memo.size > MEMO_LIMIT) {
    memo = new Map();
    utcByWall.set(timeZone, memo);
  }
  const cached = memo.get(wallMs);
  if (cached !== undefined) return cached;
  const utc = plainOf(wallMs).toZonedDateTime(timeZone, { disambiguation: DISAMBIGUATION }).epochMilliseconds;
  memo.set(wallMs, utc);
  return utc;
}

/** The zone's offset from UTC, in minutes, at an instant (epoch milliseconds). */
export function utcOffsetMinutes(timeZone: string, instant: number): number {
  return periodAt(timeZone, instant).offsetMs / MS_PER_MINUTE;
}

/** An instant's local clock reading in a zone, as milliseconds of that reading. */
export function localWallMs(instant: number, timeZone: string): number {
  return instant + periodAt(timeZone, instant).offsetMs;
}

/** An instant (epoch milliseconds) as the local time in a zone, with the offset in force. */
export function utcToLocal(instant: number, timeZone: string): LocalTime {
  const { offsetMs } = periodAt(timeZone, instant);
  const wallMs = instant + offsetMs;
  const wall = new Date(wallMs).toISOString();
  const offsetMinutes = offsetMs / MS_PER_MINUTE;
  const abs = Math.abs(offsetMinutes);
  const offset = `${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return {
    wallMs,
    date: wall.slice(0, 10),
    time: wall.slice(11, 19),
    offsetMinutes,
    iso: `${wall.slice(0, 19)}${offset}`,
  };
}

/** Whether the runtime knows an IANA zone name. */
export function isTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}
