import { Temporal } from 'temporal-polyfill';

/**
 * Local wall time ↔ UTC in IANA zones: the one place Tikat converts between them, by Temporal
 * (temporal-polyfill), which reads the zone rules from the runtime's time-zone data.
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

const NS_PER_MINUTE = 60_000_000_000;
/** Entries kept per zone and direction before the memo is started afresh. */
const MEMO_LIMIT = 100_000;

// Memos of Temporal's own answers (exact, not approximations): the search engine asks for the same
// schedule times in the same zones over and over.
const utcByWall = new Map<string, Map<number, number>>();
const localByUtc = new Map<string, Map<number, LocalTime>>();

function memoOf<V>(memos: Map<string, Map<number, V>>, timeZone: string): Map<number, V> {
  let memo = memos.get(timeZone);
  if (!memo) {
    memo = new Map();
    memos.set(timeZone, memo);
  }
  if (memo.size > MEMO_LIMIT) memo.clear();
  return memo;
}

/** A wall time as a Temporal plain date-time (no zone). */
function plainOf(wallTime: string | number): Temporal.PlainDateTime {
  if (typeof wallTime === 'string') return Temporal.PlainDateTime.from(wallTime);
  // Reading the number as a UTC instant only splits it into calendar fields; no zone is involved.
  return Temporal.Instant.fromEpochMilliseconds(wallTime).toZonedDateTimeISO('UTC').toPlainDateTime();
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
  const memo = memoOf(utcByWall, timeZone);
  const cached = memo.get(wallMs);
  if (cached !== undefined) return cached;
  const utc = plainOf(wallMs).toZonedDateTime(timeZone, { disambiguation: DISAMBIGUATION }).epochMilliseconds;
  memo.set(wallMs, utc);
  return utc;
}

/** An instant (epoch milliseconds) as the local time in a zone, with the offset in force. */
export function utcToLocal(instant: number, timeZone: string): LocalTime {
  const memo = memoOf(localByUtc, timeZone);
  const cached = memo.get(instant);
  if (cached) return cached;
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone);
  const iso = zoned.toString({ timeZoneName: 'never', smallestUnit: 'second' });
  const local: LocalTime = {
    wallMs: zoned.toPlainDateTime().toZonedDateTime('UTC').epochMilliseconds,
    date: iso.slice(0, 10),
    time: iso.slice(11, 19),
    offsetMinutes: Math.round(zoned.offsetNanoseconds / NS_PER_MINUTE),
    iso,
  };
  memo.set(instant, local);
  return local;
}

/** The zone's offset from UTC, in minutes, at an instant. */
export function utcOffsetMinutes(timeZone: string, instant: number): number {
  return utcToLocal(instant, timeZone).offsetMinutes;
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
