/**
 * Dates as day numbers (days since 1970-01-01) and local times in IANA zones, without a library:
 * the engine does this for every dated flight, so zone offsets are cached per zone and hour.
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

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, Map<number, number>>();

/** The zone's offset from UTC, in minutes, at an instant (cached per zone and UTC hour). */
export function utcOffsetMinutes(timeZone: string, utcMs: number): number {
  const hour = Math.floor(utcMs / 3_600_000);
  let zoneCache = offsetCache.get(timeZone);
  if (!zoneCache) {
    zoneCache = new Map();
    offsetCache.set(timeZone, zoneCache);
  }
  const cached = zoneCache.get(hour);
  if (cached !== undefined) return cached;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const at = hour * 3_600_000;
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(at))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  const offset = Math.round((asUtc - at) / MS_PER_MINUTE);
  if (zoneCache.size > 100_000) zoneCache.clear();
  zoneCache.set(hour, offset);
  return offset;
}

/** The UTC instant of a local wall time (day number + minutes after midnight) in a zone. */
export function localToUtc(day: number, minutes: number, timeZone: string): number {
  const wall = day * MS_PER_DAY + minutes * MS_PER_MINUTE;
  const guess = wall - utcOffsetMinutes(timeZone, wall) * MS_PER_MINUTE;
  return wall - utcOffsetMinutes(timeZone, guess) * MS_PER_MINUTE;
}

/** The local day number of an instant in a zone. */
export function localDay(utcMs: number, timeZone: string): number {
  return Math.floor((utcMs + utcOffsetMinutes(timeZone, utcMs) * MS_PER_MINUTE) / MS_PER_DAY);
}

/** ISO 8601 with the zone's local offset, e.g. `2026-05-01T06:30:00+05:45`. */
export function toLocalIso(utcMs: number, timeZone: string): string {
  const offset = utcOffsetMinutes(timeZone, utcMs);
  const local = new Date(utcMs + offset * MS_PER_MINUTE).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Today's date in Nepal, as a day number (searches and date rules follow Kathmandu's calendar). */
export function todayInNepal(now = Date.now()): number {
  return localDay(now, 'Asia/Kathmandu');
}
