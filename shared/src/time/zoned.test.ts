import { describe, expect, it } from 'vitest';
import { localToUtc, utcOffsetMinutes, utcToLocal } from './zoned';

/**
 * Reference tests: every 15 minutes of 2026, both directions, against the runtime's Intl time-zone
 * rendering, which shares no code with Temporal's conversion. For local → UTC the reference is the
 * set of instants whose Intl rendering is the wall time: one instant normally, two in an overlap
 * (the earlier is expected), none in a gap (the wall time read with the offset in force a day
 * before, i.e. before the change, is expected).
 */
const ZONES = [
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Asia/Tehran',
  'Europe/London',
];
const STEP = 15 * 60_000;
const DAY = 86_400_000;
const YEAR_START = Date.UTC(2026, 0, 1);
const YEAR_END = Date.UTC(2027, 0, 1);

interface Rendering {
  /** `2026-03-29T01:30` */
  wall: string;
  offsetMinutes: number;
}

/** Intl's reading of an instant in a zone (one cached formatter per zone). */
function intlReader(timeZone: string): (instant: number) => Rendering {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'longOffset',
  });
  return (instant) => {
    const p: Record<string, string> = {};
    for (const part of formatter.formatToParts(instant)) p[part.type] = part.value;
    // "GMT+05:45", "GMT-02:30", or "GMT" for UTC itself.
    const offset = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(p.timeZoneName ?? '');
    if (!offset) throw new Error(`Unexpected offset ${p.timeZoneName}`);
    const offsetMinutes = offset[1]
      ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]))
      : 0;
    return { wall: `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`, offsetMinutes };
  };
}

const isoWall = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 16);
const isoOffset = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

/** Intl's rendering of every 15-minute instant from a day before 2026 to a day after it. */
function referenceOf(timeZone: string) {
  const read = intlReader(timeZone);
  const rendered = new Map<number, Rendering>();
  const instantsByWall = new Map<string, number[]>();
  for (let instant = YEAR_START - 2 * DAY; instant < YEAR_END + 2 * DAY; instant += STEP) {
    const rendering = read(instant);
    rendered.set(instant, rendering);
    const list = instantsByWall.get(rendering.wall);
    if (list) list.push(instant);
    else instantsByWall.set(rendering.wall, [instant]);
  }
  return { rendered, instantsByWall };
}

describe.each(ZONES)('%s through 2026, every 15 minutes', (timeZone) => {
  const reference = referenceOf(timeZone);

  it('has only offsets on the 15-minute grid, so the 15-minute sweep finds every instant of a wall time', () => {
    const offsets = new Set([...reference.rendered.values()].map((r) => r.offsetMinutes));
    expect([...offsets].filter((offset) => offset % 15 !== 0)).toEqual([]);
  });

  it('UTC → local matches Intl at every instant', () => {
    const mismatches: string[] = [];
    for (let instant = YEAR_START; instant < YEAR_END; instant += STEP) {
      const expected = reference.rendered.get(instant) as Rendering;
      const local = utcToLocal(instant, timeZone);
      const expectedIso = `${expected.wall}:00${isoOffset(expected.offsetMinutes)}`;
      if (local.iso !== expectedIso || local.offsetMinutes !== expected.offsetMinutes)
        mismatches.push(`${new Date(instant).toISOString()}: ${local.iso}, Intl ${expectedIso}`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('local → UTC matches the Intl instants of every wall time, earlier in an overlap, shifted forward in a gap', () => {
    const mismatches: string[] = [];
    for (let wallMs = YEAR_START; wallMs < YEAR_END; wallMs += STEP) {
      const wall = isoWall(wallMs);
      const instants = reference.instantsByWall.get(wall) ?? [];
      const expected =
        instants.length > 0
          ? Math.min(...instants)
          : wallMs -
            (reference.rendered.get(wallMs - DAY - (wallMs % STEP)) as Rendering).offsetMinutes * 60_000;
      const actual = localToUtc(wall, timeZone);
      if (actual !== expected)
        mismatches.push(
          `${wall}: ${new Date(actual).toISOString()}, expected ${new Date(expected).toISOString()}`,
        );
      if (localToUtc(wallMs, timeZone) !== actual) mismatches.push(`${wall}: the number form differs`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });
});

describe('Europe/London clock changes in 2026', () => {
  const london = 'Europe/London';
  const utc = (iso: string) => Date.parse(`${iso}Z`);

  it('reads the skipped hour of 29 March (01:00–01:59) with GMT, landing an hour later on the wall', () => {
    expect(localToUtc('2026-03-29T00:45', london)).toBe(utc('2026-03-29T00:45'));
    expect(localToUtc('2026-03-29T01:00', london)).toBe(utc('2026-03-29T01:00'));
    expect(localToUtc('2026-03-29T01:30', london)).toBe(utc('2026-03-29T01:30'));
    expect(utcToLocal(utc('2026-03-29T01:30'), london).iso).toBe('2026-03-29T02:30:00+01:00');
    expect(localToUtc('2026-03-29T02:00', london)).toBe(utc('2026-03-29T01:00'));
    expect(utcToLocal(utc('2026-03-29T00:59'), london).iso).toBe('2026-03-29T00:59:00+00:00');
    expect(utcToLocal(utc('2026-03-29T01:00'), london).iso).toBe('2026-03-29T02:00:00+01:00');
  });

  it('reads the repeated hour of 25 October (01:00–01:59) as its first, BST, occurrence', () => {
    expect(localToUtc('2026-10-25T00:45', london)).toBe(utc('2026-10-24T23:45'));
    expect(localToUtc('2026-10-25T01:00', london)).toBe(utc('2026-10-25T00:00'));
    expect(localToUtc('2026-10-25T01:30', london)).toBe(utc('2026-10-25T00:30'));
    expect(localToUtc('2026-10-25T02:00', london)).toBe(utc('2026-10-25T02:00'));
    expect(utcToLocal(utc('2026-10-25T00:30'), london).iso).toBe('2026-10-25T01:30:00+01:00');
    expect(utcToLocal(utc('2026-10-25T01:30'), london).iso).toBe('2026-10-25T01:30:00+00:00');
  });

  it('finds exactly four skipped and four repeated quarter hours in the year', () => {
    const { instantsByWall } = referenceOf(london);
    const skipped: string[] = [];
    const repeated: string[] = [];
    for (let wallMs = YEAR_START; wallMs < YEAR_END; wallMs += STEP) {
      const count = instantsByWall.get(isoWall(wallMs))?.length ?? 0;
      if (count === 0) skipped.push(isoWall(wallMs));
      if (count === 2) repeated.push(isoWall(wallMs));
    }
    expect(skipped).toEqual(['2026-03-29T01:00', '2026-03-29T01:15', '2026-03-29T01:30', '2026-03-29T01:45']);
    expect(repeated).toEqual([
      '2026-10-25T01:00',
      '2026-10-25T01:15',
      '2026-10-25T01:30',
      '2026-10-25T01:45',
    ]);
  });
});

describe('clock changes on the half hour UTC', () => {
  it('Lord Howe moves half an hour: 02:15 on 4 October 2026 is skipped and read with +10:30', () => {
    const zone = 'Australia/Lord_Howe';
    expect(localToUtc('2026-10-04T02:15', zone)).toBe(Date.parse('2026-10-03T15:45Z'));
    expect(utcToLocal(Date.parse('2026-10-03T15:45Z'), zone).iso).toBe('2026-10-04T02:45:00+11:00');
    expect(utcToLocal(Date.parse('2026-10-03T15:29Z'), zone).iso).toBe('2026-10-04T01:59:00+10:30');
  });

  it('Kathmandu keeps +05:45 all year', () => {
    for (let day = YEAR_START; day < YEAR_END; day += DAY)
      expect(utcOffsetMinutes('Asia/Kathmandu', day)).toBe(345);
    expect(localToUtc('2026-05-01T06:30', 'Asia/Kathmandu')).toBe(Date.parse('2026-05-01T00:45Z'));
  });
});
