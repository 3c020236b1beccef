import { dateOf, dayOf, weekdayMask } from '../flights/engine/calendar';

/** A malformed SSIM record: where it is (1-based line and column) and what is wrong. */
export class SsimError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly problem: string,
  ) {
    super(`line ${line}, column ${column}: ${problem}`);
    this.name = 'SsimError';
  }
}

/** One flight leg (record type 3) as loaded. */
export interface SsimLeg {
  line: number;
  airlineCode: string;
  flightNumber: string;
  itineraryVariation: string;
  legSequence: string;
  serviceType: string;
  periodFrom: string;
  periodTo: string;
  daysOfOperation: string;
  origin: string;
  destination: string;
  /** Passenger departure / arrival times, local, minutes after midnight. */
  departureMinutes: number;
  arrivalMinutes: number;
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
}

export const SSIM_RECORD_LENGTH = 200;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** Seats given to each booking class when the record has no aircraft configuration (plausible default). */
const DEFAULT_SEATS_PER_CLASS = 30;

/** Columns are 1-based and inclusive, as the SSIM manual numbers them. */
const field = (record: string, from: number, to: number) => record.slice(from - 1, to);

/** DDMMMYY → YYYY-MM-DD (years 00–69 are 20xx), or undefined. `00XXX00` means "open" only in period-to. */
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
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : undefined;
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

function parseLeg(record: string, line: number): SsimLeg {
  const fail = (column: number, problem: string): never => {
    throw new SsimError(line, column, problem);
  };
  const airline = field(record, 3, 5).trim();
  if (!/^[A-Z0-9]{2}[A-Z]?$/.test(airline))
    fail(3, `airline designator "${field(record, 3, 5)}" is not valid`);
  const flightNumber = field(record, 6, 9).trim();
  if (!/^\d{1,4}$/.test(flightNumber))
    fail(6, `flight number "${field(record, 6, 9)}" must be 1 to 4 digits`);
  const periodFrom =
    parseSsimDate(field(record, 15, 21)) ??
    fail(15, `period start "${field(record, 15, 21)}" is not a DDMMMYY date`);
  const periodTo =
    parseSsimDate(field(record, 22, 28)) ??
    fail(22, `period end "${field(record, 22, 28)}" is not a DDMMMYY date`);
  if (periodTo < periodFrom) fail(22, 'the period ends before it starts');
  const days = field(record, 29, 35);
  for (let i = 0; i < 7; i++) {
    const c = days[i];
    if (c !== ' ' && c !== String(i + 1)) fail(29 + i, `day of operation "${c}" must be ${i + 1} or blank`);
  }
  if (weekdayMask(days) === 0) fail(29, 'the flight operates on no day of the week');
  const origin = field(record, 37, 39);
  if (!/^[A-Z]{3}$/.test(origin)) fail(37, `departure station "${origin}" is not an airport code`);
  const departure =
    parseTime(field(record, 40, 43)) ?? fail(40, `departure time "${field(record, 40, 43)}" is not HHMM`);
  const departureOffset = field(record, 48, 52);
  if (!/^[+-]\d{4}$/.test(departureOffset)) fail(48, `UTC offset "${departureOffset}" must look like +0545`);
  const destination = field(record, 55, 57);
  if (!/^[A-Z]{3}$/.test(destination)) fail(55, `arrival station "${destination}" is not an airport code`);
  const arrival =
    parseTime(field(record, 62, 65)) ?? fail(62, `arrival time "${field(record, 62, 65)}" is not HHMM`);
  const arrivalOffset = field(record, 66, 70);
  if (!/^[+-]\d{4}$/.test(arrivalOffset)) fail(66, `UTC offset "${arrivalOffset}" must look like +0545`);
  const aircraft = field(record, 73, 75).trim();
  if (!/^[A-Z0-9]{3}$/.test(aircraft))
    fail(73, `aircraft type "${field(record, 73, 75)}" is not a 3-character code`);
  const bookingDesignators = field(record, 76, 95).trim();
  if (bookingDesignators && !/^[A-Z]+$/.test(bookingDesignators)) {
    fail(76, `booking designators "${bookingDesignators}" must be letters`);
  }
  const variation = field(record, 194, 194);
  const arrivalDayOffset =
    variation === ' ' || variation === '0' ? 0 : variation === 'A' ? -1 : Number(variation);
  if (!Number.isInteger(arrivalDayOffset) || arrivalDayOffset > 2)
    fail(194, `arrival date variation "${variation}" must be 0, 1, 2 or A`);
  const classes = [...new Set(bookingDesignators || 'Y')];
  return {
    line,
    airlineCode: airline,
    flightNumber: String(Number(flightNumber)),
    itineraryVariation: field(record, 10, 11),
    legSequence: field(record, 12, 13),
    serviceType: field(record, 14, 14),
    periodFrom,
    periodTo,
    daysOfOperation: days.replaceAll(' ', ''),
    origin,
    destination,
    departureMinutes: departure,
    arrivalMinutes: arrival,
    arrivalDayOffset,
    departureUtcOffset: departureOffset,
    arrivalUtcOffset: arrivalOffset,
    aircraft,
    seatsByClass: seatsFor(classes, field(record, 173, 192)),
  };
}

/**
 * Parses an IATA SSIM Chapter 7 file: 200-byte records of types 1 (header), 2 (carrier),
 * 3 (flight leg), 4 (segment data, counted only) and 5 (trailer), with zero-filled padding
 * records between sections. The first malformed record throws an SsimError naming its line and
 * column, so nothing is loaded from a broken file.
 */
export function parseSsim(text: string, onProgress?: (done: number, total: number) => void): SsimFile {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const carriers: string[] = [];
  const legs: SsimLeg[] = [];
  let segmentRecords = 0;
  let records = 0;
  let seenHeader = false;
  let currentCarrier: string | undefined;
  let trailerSeen = false;
  lines.forEach((record, index) => {
    const line = index + 1;
    if (onProgress && line % 500 === 0) onProgress(line, lines.length);
    if (/^0*$/.test(record)) return; // padding
    if (record.length !== SSIM_RECORD_LENGTH) {
      throw new SsimError(
        line,
        Math.min(record.length, SSIM_RECORD_LENGTH) + 1,
        `the record is ${record.length} characters long; SSIM records are ${SSIM_RECORD_LENGTH}`,
      );
    }
    records++;
    const type = record[0];
    if (!seenHeader && type !== '1')
      throw new SsimError(line, 1, 'the file must start with a header record (type 1)');
    switch (type) {
      case '1':
        if (seenHeader) throw new SsimError(line, 1, 'a second header record (type 1)');
        seenHeader = true;
        break;
      case '2': {
        const airline = field(record, 3, 5).trim();
        if (!/^[A-Z0-9]{2}[A-Z]?$/.test(airline))
          throw new SsimError(line, 3, `airline designator "${field(record, 3, 5)}" is not valid`);
        if (!'UL'.includes(record[1] ?? ''))
          throw new SsimError(line, 2, 'time mode must be U (UTC) or L (local)');
        currentCarrier = airline;
        trailerSeen = false;
        carriers.push(airline);
        break;
      }
      case '3': {
        if (!currentCarrier || trailerSeen)
          throw new SsimError(line, 1, 'a flight leg (type 3) must follow a carrier record (type 2)');
        const leg = parseLeg(record, line);
        if (leg.airlineCode !== currentCarrier) {
          throw new SsimError(
            line,
            3,
            `airline ${leg.airlineCode} differs from the carrier record's ${currentCarrier}`,
          );
        }
        legs.push(leg);
        break;
      }
      case '4':
        if (!currentCarrier) throw new SsimError(line, 1, 'segment data (type 4) must follow a flight leg');
        segmentRecords++;
        break;
      case '5':
        if (!currentCarrier) throw new SsimError(line, 1, 'a trailer (type 5) must close a carrier');
        trailerSeen = true;
        break;
      default:
        throw new SsimError(line, 1, `record type "${type}" is not 1, 2, 3, 4 or 5`);
    }
  });
  if (!seenHeader) throw new SsimError(1, 1, 'the file has no header record (type 1)');
  if (carriers.length > 0 && !trailerSeen)
    throw new SsimError(lines.length, 1, 'the last carrier has no trailer record (type 5)');
  onProgress?.(lines.length, lines.length);
  return { records, carriers, legs, segmentRecords };
}
