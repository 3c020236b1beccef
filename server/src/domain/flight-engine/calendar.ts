import { localWallMs, utcToLocal, localToUtc as zonedLocalToUtc } from '#shared/time/zoned';

/**
 * Dates as day numbers (days since 1970-01-01) and local times in IANA zones, in the engine's
 * terms; the zone conversion itself is `#shared/time/zoned` (Temporal).
 */
export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;

/** `2026-05-01` → day number. */
export function dayOf(date: string): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY
  );
}

/** Day number → `2026-05-01`. */
export function dateOf(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** ISO weekday of a day number: 1 Monday … 7 Sunday. */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** `1234567`, `135`, ` 2 4 6 ` → bit mask, bit 0 = Monday. */
export function weekdayMask(days: string): number {
  let mask = 0;
  for (const c of days) if (c >= '1' && c <= '7') mask |= 1 << (Number(c) - 1);
  return mask;
}

/**
 * The UTC instant of a local wall time (day number + minutes after midnight) in a zone; skipped
 * and repeated wall times follow the one rule of `#shared/time/zoned` (docs/time.md).
 */
export function localToUtc(day: number, minutes: number, timeZone: string): number {
  return zonedLocalToUtc(day * MS_PER_DAY + minutes * MS_PER_MINUTE, timeZone);
}

/** The local day number of an instant in a zone. */
export function localDay(utcMs: number, timeZone: string): number {
  return Math.floor(localWallMs(utcMs, timeZone) / MS_PER_DAY);
}

/** ISO 8601 with the zone's local offset, e.g. `2026-05-01T06:30:00+05:45`. */
export function toLocalIso(utcMs: number, timeZone: string): string {
  return utcToLocal(utcMs, timeZone).iso;
}

/** Today's date in Nepal, as a day number (searches and date rules follow Kathmandu's calendar). */
export function todayInNepal(now = Date.now()): number {
  return localDay(now, 'Asia/Kathmandu');
}
