import { dateOf, dayOf, isoWeekday, weekdayMask } from '../flight-engine/calendar';

/** One thing wrong with an SSIM file, where it is (1-based line and column) and the rule broken. */
export interface SsimProblem {
  line: number;
  column: number;
  severity: 'error' | 'warning';
  problem: string;
}

/**
 * An SSIM file that cannot be loaded: every error found (and the warnings beside them). `line`,
 * `column` and `problem` are the first error's.
 */
export class SsimError extends Error {
  readonly line: number;
  readonly column: number;
  readonly problem: string;
  readonly problems: SsimProblem[];
  constructor(problems: SsimProblem[]) {
    const first = problems.find((p) => p.severity === 'error') ?? problems[0];
    super(
      first ? `line ${first.line}, column ${first.column}: ${first.problem}` : 'the SSIM file is invalid',
    );
    this.name = 'SsimError';
    this.line = first?.line ?? 1;
    this.column = first?.column ?? 1;
    this.problem = first?.problem ?? 'the SSIM file is invalid';
    this.problems = problems;
  }
}

/** One flight leg (record type 3) as loaded, its times converted to local time. */
export interface SsimLeg {
  line: number;
  /** Natural key of the leg: suffix, airline, flight number, itinerary variation, leg sequence, period start. */
  key: string;
  operationalSuffix: string;
  airlineCode: string;
  /** Flight number without leading zeros, with its operational suffix (e.g. `102` or `102A`). */
  flightNumber: string;
  itineraryVariation: string;
  legSequence: string;
  serviceType: string;
  /** First and last local departure dates of the leg (date variations and UTC mode applied). */
  periodFrom: string;
  periodTo: string;
  /** ISO weekdays of the local departure date. */
  daysOfOperation: string;
  origin: string;
  destination: string;
  /** Passenger departure / arrival times, local, minutes after midnight. */
  departureMinutes: number;
  arrivalMinutes: number;
  /** Local arrival date minus local departure date. */
  arrivalDayOffset: number;
  departureUtcOffset: string;
  arrivalUtcOffset: string;
  aircraft: string;
  seatsByClass: Record<string, number>;
}

export interface SsimFile {
  records: number;
  carriers: string[];
  legs: SsimLeg[];
  segmentRecords: number;
  /** Exact duplicates left out (with `duplicates: 'skip'`). */
  skipped: number;
  problems: SsimProblem[];
}

export interface ParseSsimOptions {
  /** An exact duplicate leg is left out with a warning (`skip`, the default) or is an error (`refuse`). */
  duplicates?: 'skip' | 'refuse';
  onProgress?: (done: number, total: number) => void;
}

export const SSIM_RECORD_LENGTH = 200;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** Seats given to each booking class when the record has no aircraft configuration (plausible default). */
const DEFAULT_SEATS_PER_CLASS = 30;
const DAY = 1440;

/** Columns are 1-based and inclusive, as the SSIM manual numbers them. */
const field = (record: string, from: number, to: number) => record.slice(from - 1, to);

/** Thrown inside one record's parsing; caught per record so every record is checked. */
class RecordProblem extends Error {
  constructor(
    readonly column: number,
    readonly problem: string,
  ) {
    super(problem);
  }
}
const fail = (column: number, problem: string): never => {
  throw new RecordProblem(column, problem);
};

/** DDMMMYY → YYYY-MM-DD (years 00–69 are 20xx), or undefined. */
function parseSsimDate(text: string): string | undefined {
  const match = /^(\d{2})([A-Z]{3})(\d{2})$/.exec(text);
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[2] as string);
  if (month < 0) return undefined;
  const yy = Number(match[3]);
  const date = `${yy < 70 ? 2000 + yy : 1900 + yy}-${String(month + 1).padStart(2, '0')}-${match[1]}`;
  return dateOf(dayOf(date)) === date ? date : undefined;
}

function parseTime(text: string): number | undefined {
  if (!/^\d{4}$/.test(text)) return undefined;
  const hours = Number(text.slice(0, 2));
  const minutes = Number(text.slice(2, 4));
  // 2400 is allowed as an arrival time (end of the day) by Chapter 7.
  if (hours === 24 && minutes === 0) return DAY;
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : undefined;
}

/** `+0545` → 345 minutes, or undefined. */
function parseUtcOffset(text: string): number | undefined {
  const match = /^([+-])(\d{2})(\d{2})$/.exec(text);
  if (!match || Number(match[3]) >= 60 || Number(match[2]) > 14) return undefined;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** Date variation (columns 193 and 194): blank or 0 same day, 1–9 days later, A the day before. */
function parseDateVariation(c: string): number | undefined {
  if (c === ' ') return 0;
  if (c === 'A') return -1;
  return /^\d$/.test(c) ? Number(c) : undefined;
}

/** Seats per booking class from the aircraft configuration (e.g. `C12Y150`), else the default. */
function seatsFor(classes: string[], configuration: string): Record<string, number> {
  const cabins = new Map<string, number>();
  for (const match of configuration.matchAll(/([A-Z])(\d{1,3})/g))
    cabins.set(match[1] as string, Number(match[2]));
  const seats: Record<string, number> = {};
  const total = [...cabins.values()].reduce((a, b) => a + b, 0);
  const unmatched = classes.filter((c) => !cabins.has(c));
  for (const c of classes) {
    seats[c] =
      cabins.get(c) ??
      (total > 0
        ? Math.max(1, Math.floor(total / Math.max(1, unmatched.length) / 2))
        : DEFAULT_SEATS_PER_CLASS);
  }
  return seats;
}

const shiftDate = (date: string, days: number) => (days === 0 ? date : dateOf(dayOf(date) + days));
const shiftWeekdays = (days: string, by: number) =>
  [...days]
    .map((d) => ((((Number(d) - 1 + by) % 7) + 7) % 7) + 1)
    .sort()
    .join('');
const clock = (minutes: number) =>
  `${String(Math.floor((((minutes % DAY) + DAY) % DAY) / 60)).padStart(2, '0')}${String((((minutes % DAY) + DAY) % DAY) % 60).padStart(2, '0')}`;

/**
 * A flight leg record (type 3). Times are read as UTC when the carrier record's time mode is `U`
 * and as local otherwise; the departure and arrival date variations (columns 193 and 194) count
 * from the flight date the period and days of operation give. Returns the leg and any warnings.
 */
function parseLeg(
  record: string,
  line: number,
  timeMode: 'U' | 'L',
  warn: (column: number, problem: string) => void,
): SsimLeg {
  const suffix = field(record, 2, 2);
  if (!/^[A-Z ]$/.test(suffix)) fail(2, `operational suffix "${suffix}" must be a letter or blank`);
  const airline = field(record, 3, 5).trim();
  if (!/^[A-Z0-9]{2}[A-Z]?$/.test(airline))
    fail(3, `airline designator "${field(record, 3, 5)}" is not valid`);
  const flightNumber = field(record, 6, 9).trim();
  if (!/^\d{1,4}$/.test(flightNumber))
    fail(6, `flight number "${field(record, 6, 9)}" must be 1 to 4 digits`);
  const itineraryVariation = field(record, 10, 11);
  if (!/^\d{2}$/.test(itineraryVariation) || itineraryVariation === '00')
    fail(10, `itinerary variation identifier "${itineraryVariation}" must be 01 to 99`);
  const variationOverflow = field(record, 128, 128);
  if (!/^[A-Z0-9 ]$/.test(variationOverflow))
    fail(
      128,
      `itinerary variation identifier overflow "${variationOverflow}" must be a letter, digit or blank`,
    );
  const legSequence = field(record, 12, 13);
  if (!/^\d{2}$/.test(legSequence) || legSequence === '00')
    fail(12, `leg sequence number "${legSequence}" must be 01 to 99`);
  const serviceType = field(record, 14, 14);
  if (!/^[A-Z]$/.test(serviceType)) fail(14, `service type "${serviceType}" must be a letter`);
  const fileFrom =
    parseSsimDate(field(record, 15, 21)) ??
    fail(15, `period start "${field(record, 15, 21)}" is not a DDMMMYY date`);
  const fileTo =
    parseSsimDate(field(record, 22, 28)) ??
    fail(22, `period end "${field(record, 22, 28)}" is not a DDMMMYY date`);
  if (fileTo < fileFrom) fail(22, 'the period ends before it starts');
  const days = field(record, 29, 35);
  for (let i = 0; i < 7; i++) {
    const c = days[i];
    if (c !== ' ' && c !== String(i + 1)) fail(29 + i, `day of operation "${c}" must be ${i + 1} or blank`);
  }
  if (weekdayMask(days) === 0) fail(29, 'the flight operates on no day of the week');
  const operatingDays = days.replaceAll(' ', '');
  const periodLength = dayOf(fileTo) - dayOf(fileFrom) + 1;
  const operatesInPeriod = Array.from({ length: Math.min(periodLength, 7) }, (_, i) =>
    isoWeekday(dayOf(fileFrom) + i),
  ).some((weekday) => operatingDays.includes(String(weekday)));
  if (!operatesInPeriod)
    fail(29, `no day of operation falls within the period ${field(record, 15, 21)}–${field(record, 22, 28)}`);
  const frequency = field(record, 36, 36);
  if (frequency !== ' ' && frequency !== '1')
    fail(
      36,
      `frequency rate "${frequency}" (operating every other week) cannot be loaded as a weekly schedule`,
    );
  const origin = field(record, 37, 39);
  if (!/^[A-Z]{3}$/.test(origin)) fail(37, `departure station "${origin}" is not an airport code`);
  const departure =
    parseTime(field(record, 40, 43)) ??
    fail(40, `passenger departure time "${field(record, 40, 43)}" is not HHMM`);
  if (departure === DAY) fail(40, 'a departure time cannot be 2400');
  const departureOffsetText = field(record, 48, 52);
  const departureOffset =
    parseUtcOffset(departureOffsetText) ??
    fail(48, `UTC/local time variation "${departureOffsetText}" must look like +0545`);
  const destination = field(record, 55, 57);
  if (!/^[A-Z]{3}$/.test(destination)) fail(55, `arrival station "${destination}" is not an airport code`);
  if (destination === origin) fail(55, `the leg departs from and arrives at ${origin}`);
  const arrival =
    parseTime(field(record, 62, 65)) ??
    fail(62, `passenger arrival time "${field(record, 62, 65)}" is not HHMM`);
  const arrivalOffsetText = field(record, 66, 70);
  const arrivalOffset =
    parseUtcOffset(arrivalOffsetText) ??
    fail(66, `UTC/local time variation "${arrivalOffsetText}" must look like +0545`);
  const aircraft = field(record, 73, 75).trim();
  if (!/^[A-Z0-9]{3}$/.test(aircraft))
    fail(73, `aircraft type "${field(record, 73, 75)}" is not a 3-character code`);
  const bookingDesignators = field(record, 76, 95).trim();
  if (bookingDesignators && !/^[A-Z]+$/.test(bookingDesignators)) {
    fail(76, `booking designators "${bookingDesignators}" must be letters`);
  }
  const departureVariationText = field(record, 193, 193);
  const departureVariation =
    parseDateVariation(departureVariationText) ??
    fail(193, `departure date variation "${departureVariationText}" must be blank, 0 to 9 or A`);
  const arrivalVariationText = field(record, 194, 194);
  const arrivalVariation =
    parseDateVariation(arrivalVariationText) ??
    fail(194, `arrival date variation "${arrivalVariationText}" must be blank, 0 to 9 or A`);

  // Minutes from midnight of the flight date, in UTC and in each station's local time.
  const inUtc = timeMode === 'U';
  const departureUtc = departureVariation * DAY + departure - (inUtc ? 0 : departureOffset);
  let arrivalUtc = arrivalVariation * DAY + arrival - (inUtc ? 0 : arrivalOffset);
  if (arrivalUtc <= departureUtc) {
    const stated = `departs ${clock(departure)} ${inUtc ? 'UTC' : departureOffsetText} and arrives ${clock(arrival)} ${inUtc ? 'UTC' : arrivalOffsetText}`;
    if (arrivalVariationText === ' ' && arrivalUtc + DAY > departureUtc) {
      warn(
        194,
        `the leg ${stated} with no arrival date variation, so it would arrive before it departs; read as arriving the next day (Chapter 7: give date variation 1)`,
      );
      arrivalUtc += DAY;
    } else {
      fail(
        194,
        `the leg ${stated} with date variations ${departureVariation}/${arrivalVariationText}: it arrives before it departs`,
      );
    }
  }
  if (arrivalUtc - departureUtc > 2 * DAY) fail(194, 'the leg lasts more than 48 hours');
  // Stored times are local; the departure's local date may differ from the flight date.
  const departureLocal = departureUtc + departureOffset;
  const arrivalLocal = arrivalUtc + arrivalOffset;
  const departureShift = Math.floor(departureLocal / DAY);
  const classes = [...new Set(bookingDesignators || 'Y')];
  const variation = `${variationOverflow.trim()}${itineraryVariation}`;
  const number = `${Number(flightNumber)}${suffix.trim()}`;
  return {
    line,
    key: `${airline}-${number}-${variation}-${legSequence}-${fileFrom}`,
    operationalSuffix: suffix.trim(),
    airlineCode: airline,
    flightNumber: number,
    itineraryVariation: variation,
    legSequence,
    serviceType,
    periodFrom: shiftDate(fileFrom, departureShift),
    periodTo: shiftDate(fileTo, departureShift),
    daysOfOperation: shiftWeekdays(operatingDays, departureShift),
    origin,
    destination,
    departureMinutes: departureLocal - departureShift * DAY,
    arrivalMinutes: ((arrivalLocal % DAY) + DAY) % DAY,
    arrivalDayOffset: Math.floor(arrivalLocal / DAY) - departureShift,
    departureUtcOffset: departureOffsetText,
    arrivalUtcOffset: arrivalOffsetText,
    aircraft,
    seatsByClass: seatsFor(classes, field(record, 173, 192)),
  };
}

/**
 * Parses an IATA SSIM Chapter 7 file: 200-byte records of types 1 (header), 2 (carrier, with its
 * time mode U or L), 3 (flight leg), 4 (segment data, counted only) and 5 (trailer), with
 * zero-filled padding records between sections. Every record is checked: the answer lists every
 * problem found, errors and warnings, by line and column; the caller loads nothing when there is
 * an error. Exact duplicate legs (the same record but for its serial number) are left out with a
 * warning, or are errors with `duplicates: 'refuse'`; two different legs with one identifier are
 * always an error.
 */
export function parseSsim(text: string, options: ParseSsimOptions = {}): SsimFile {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const carriers: string[] = [];
  const legs: SsimLeg[] = [];
  const problems: SsimProblem[] = [];
  const report = (severity: SsimProblem['severity'], line: number, column: number, problem: string) =>
    problems.push({ severity, line, column, problem });
  const firstByKey = new Map<string, { line: number; body: string }>();
  let segmentRecords = 0;
  let records = 0;
  let skipped = 0;
  let seenHeader = false;
  let currentCarrier: string | undefined;
  let timeMode: 'U' | 'L' = 'L';
  let trailerSeen = false;
  let lastType = '';
  lines.forEach((record, index) => {
    const line = index + 1;
    if (options.onProgress && line % 500 === 0) options.onProgress(line, lines.length);
    if (/^0*$/.test(record)) return; // padding
    if (record.length !== SSIM_RECORD_LENGTH) {
      report(
        'error',
        line,
        Math.min(record.length, SSIM_RECORD_LENGTH) + 1,
        `the record is ${record.length} characters long; SSIM records are ${SSIM_RECORD_LENGTH}`,
      );
      return;
    }
    records++;
    const type = record[0] as string;
    if (!seenHeader && type !== '1') {
      if (records === 1) report('error', line, 1, 'the file must start with a header record (type 1)');
      if (type !== '2') return;
    }
    switch (type) {
      case '1':
        if (seenHeader) report('error', line, 1, 'a second header record (type 1)');
        seenHeader = true;
        break;
      case '2': {
        const airline = field(record, 3, 5).trim();
        if (!/^[A-Z0-9]{2}[A-Z]?$/.test(airline))
          report('error', line, 3, `airline designator "${field(record, 3, 5)}" is not valid`);
        const mode = record[1] ?? '';
        if (mode !== 'U' && mode !== 'L')
          report('error', line, 2, `time mode "${mode}" must be U (UTC) or L (local)`);
        timeMode = mode === 'U' ? 'U' : 'L';
        if (currentCarrier && !trailerSeen)
          report(
            'error',
            line,
            1,
            `the carrier ${currentCarrier} before this one has no trailer record (type 5)`,
          );
        currentCarrier = airline;
        trailerSeen = false;
        if (!carriers.includes(airline)) carriers.push(airline);
        break;
      }
      case '3': {
        if (!currentCarrier || trailerSeen) {
          report('error', line, 1, 'a flight leg (type 3) must follow a carrier record (type 2)');
          break;
        }
        try {
          const legWarnings: [number, string][] = [];
          const leg = parseLeg(record, line, timeMode, (column, problem) =>
            legWarnings.push([column, problem]),
          );
          if (leg.airlineCode !== currentCarrier) {
            fail(3, `airline ${leg.airlineCode} differs from the carrier record's ${currentCarrier}`);
          }
          const body = field(record, 2, 194);
          const first = firstByKey.get(leg.key);
          if (!first) {
            firstByKey.set(leg.key, { line, body });
            legs.push(leg);
            for (const [column, problem] of legWarnings) report('warning', line, column, problem);
          } else if (first.body === body) {
            if (options.duplicates === 'refuse') {
              report('error', line, 2, `duplicate flight leg: the same record as line ${first.line}`);
            } else {
              report(
                'warning',
                line,
                2,
                `duplicate flight leg: the same record as line ${first.line}; skipped`,
              );
              skipped++;
            }
          } else {
            report(
              'error',
              line,
              2,
              `flight leg ${leg.airlineCode} ${leg.flightNumber} (itinerary variation ${leg.itineraryVariation}, leg ${leg.legSequence}, from ${field(record, 15, 21)}) is already given on line ${first.line} with different data; a leg's identifier must be unique`,
            );
          }
        } catch (error) {
          if (!(error instanceof RecordProblem)) throw error;
          report('error', line, error.column, error.problem);
        }
        break;
      }
      case '4':
        if (!currentCarrier || (lastType !== '3' && lastType !== '4'))
          report('error', line, 1, 'segment data (type 4) must follow a flight leg (type 3)');
        segmentRecords++;
        break;
      case '5': {
        if (!currentCarrier) report('error', line, 1, 'a trailer (type 5) must close a carrier');
        const end = field(record, 194, 194);
        if (end !== 'E' && end !== 'C')
          report('warning', line, 194, `continuation/end code "${end}" should be C or E`);
        trailerSeen = true;
        break;
      }
      default:
        report('error', line, 1, `record type "${type}" is not 1, 2, 3, 4 or 5`);
    }
    lastType = type;
  });
  if (!seenHeader && records === 0) report('error', 1, 1, 'the file has no header record (type 1)');
  if (carriers.length > 0 && !trailerSeen)
    report('error', lines.length, 1, 'the last carrier has no trailer record (type 5)');
  options.onProgress?.(lines.length, lines.length);
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return { records, carriers, legs, segmentRecords, skipped, problems };
}
