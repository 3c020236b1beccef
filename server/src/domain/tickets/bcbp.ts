/**
 * IATA Bar Coded Boarding Pass (Resolution 792), format M: the mandatory items, e.g.
 * `M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100`, and for a passenger's journey
 * the conditional items (version 6): who the passenger is (adult, child, infant, adult with an
 * infant), the ticket number of each flight and its free baggage. A connection is one barcode
 * with a leg per flight (at most 4), not unrelated passes. docs/bookings.md, "Boarding-pass
 * barcode", says how names are shortened.
 */
export interface BcbpLeg {
  pnr: string;
  from: string;
  to: string;
  carrier: string;
  /** Digits with an optional letter suffix, e.g. `601` or `601A`. */
  flightNumber: string;
  /** Local date of the flight, YYYY-MM-DD. */
  date: string;
  /** Compartment (booking class) code. */
  compartment: string;
  /** Seat, e.g. `001A`; blank before check-in. */
  seat?: string;
  /** Check-in sequence number; blank before check-in. */
  sequence?: string;
  /** Passenger status: `1` = ticket issued, not checked in. */
  status?: string;
  /** The 13-digit ticket number of this flight (accounting code + serial), when issued. */
  ticketNumber?: string;
  /** Checked baggage in kilograms, e.g. 20 (written `20K`). */
  baggageKg?: number;
}

/** One passenger's one-leg pass, mandatory items only. */
export interface BcbpOneLeg extends BcbpLeg {
  lastName: string;
  firstName: string;
}

/** Who travels (Resolution 792, item 15 "passenger description"). */
export type BcbpPassengerKind = 'adult' | 'child' | 'infant' | 'adult-with-infant';

export interface BcbpJourney {
  lastName: string;
  firstName: string;
  /** Mr, Mrs, Ms, Miss, Mstr: written after the given names when the 20 characters allow. */
  title?: string;
  kind: BcbpPassengerKind;
  gender?: 'male' | 'female' | 'other';
  /** The flights of one journey (a connection's flights together), 1 to 4. */
  legs: BcbpLeg[];
  /** Day the pass is issued, YYYY-MM-DD. */
  issuedOn: string;
  /** Airline designator of the pass's issuer (the first flight's carrier). */
  issuer: string;
}

const NAME_LENGTH = 20;
export const MAX_BCBP_LEGS = 4;

const pad = (value: string, length: number) => value.slice(0, length).padEnd(length, ' ');

/** Upper-case Latin letters only: accents folded, hyphens, apostrophes and other marks dropped. */
function nameLetters(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[^A-Za-z ]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The 20-character name element `SURNAME/GIVEN NAMES TITLE`: hyphens and spaces of a surname
 * dropped (SZE-TO → SZETO), spaces between given names kept. When it does not fit, the title
 * goes first, then the given names are cut, always keeping the first initial, and only then the
 * surname, so the first name is never lost.
 */
export function bcbpName(lastName: string, firstName: string, title?: string): string {
  const surname = nameLetters(lastName).replace(/ /g, '');
  const given = nameLetters(firstName);
  const titled = title ? `${given} ${nameLetters(title)}`.trim() : given;
  for (const candidate of [titled, given]) {
    const full = `${surname}/${candidate}`;
    if (full.length <= NAME_LENGTH) return full;
  }
  if (!given) return surname.slice(0, NAME_LENGTH);
  const room = NAME_LENGTH - surname.length - 1;
  if (room >= 1) return `${surname}/${given.slice(0, room).trimEnd()}`;
  return `${surname.slice(0, NAME_LENGTH - 2)}/${given[0]}`;
}

/** Day of the year, 001–366. */
export function julianDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 0)) / 86_400_000);
  return String(day).padStart(3, '0');
}

/** Items 41–42: PNR, airports, carrier, flight, date, compartment, seat, sequence, status. */
function mandatoryLegItems(leg: BcbpLeg): string {
  const match = /^(\d{1,4})([A-Z]?)$/.exec(leg.flightNumber) ?? ['', '0', ''];
  return [
    pad(leg.pnr, 7),
    pad(leg.from, 3),
    pad(leg.to, 3),
    pad(leg.carrier, 3),
    `${(match[1] ?? '0').padStart(4, '0')}${match[2] || ' '}`,
    julianDay(leg.date),
    pad(leg.compartment, 1),
    pad(leg.seat ?? '', 4),
    pad(leg.sequence ?? '', 5),
    pad(leg.status ?? '1', 1),
  ].join('');
}

/** A field size as Resolution 792 writes it: two hexadecimal digits, upper case. */
const hexSize = (text: string) => text.length.toString(16).toUpperCase().padStart(2, '0');

/** The 60-character mandatory block of a one-leg BCBP, format M, electronic ticket. */
export function bcbpString(leg: BcbpOneLeg): string {
  return `M1${pad(bcbpName(leg.lastName, leg.firstName), NAME_LENGTH)}E${mandatoryLegItems(leg)}00`;
}

const PASSENGER_DESCRIPTION: Record<BcbpPassengerKind, string> = {
  adult: '0',
  child: '3',
  infant: '4',
  'adult-with-infant': '6',
};

function passengerDescription(journey: BcbpJourney): string {
  if (journey.kind !== 'adult') return PASSENGER_DESCRIPTION[journey.kind];
  if (journey.gender === 'male') return '1';
  if (journey.gender === 'female') return '2';
  return PASSENGER_DESCRIPTION.adult;
}

/** Date of issue as Resolution 792 writes it: the year's last digit and the day of the year. */
const issueDate = (date: string) => `${date.slice(3, 4)}${julianDay(date)}`;

/**
 * A passenger's journey as one BCBP, version 6: per leg the mandatory items, and the conditional
 * items — once, the passenger description, issuance source (web), date of issue, document type
 * (boarding pass) and issuer; per leg, the ticket's airline code and serial and the free baggage.
 */
export function journeyBcbp(journey: BcbpJourney): string {
  if (journey.legs.length < 1 || journey.legs.length > MAX_BCBP_LEGS)
    throw new Error(`a boarding pass encodes 1 to ${MAX_BCBP_LEGS} legs, not ${journey.legs.length}`);
  const unique = [
    passengerDescription(journey),
    ' ', // source of check-in: not checked in yet
    'W', // source of boarding-pass issuance: web
    issueDate(journey.issuedOn),
    'B', // document type: boarding pass
    pad(journey.issuer, 3),
  ].join('');
  const legs = journey.legs.map((leg, index) => {
    const ticket = leg.ticketNumber && /^\d{13}$/.test(leg.ticketNumber) ? leg.ticketNumber : '';
    const repeated = [
      pad(ticket.slice(0, 3), 3),
      pad(ticket.slice(3), 10),
      ' ', // selectee indicator
      ' ', // international documentation verification
      pad(leg.carrier, 3), // marketing carrier
      pad('', 3), // frequent-flyer airline
      pad('', 16), // frequent-flyer number
      ' ', // ID/AD indicator
      pad(leg.baggageKg ? `${String(leg.baggageKg).padStart(2, '0')}K` : '', 3),
      'N', // fast track
    ].join('');
    const conditional = `${index === 0 ? `>6${hexSize(unique)}${unique}` : ''}${hexSize(repeated)}${repeated}`;
    return `${mandatoryLegItems(leg)}${hexSize(conditional)}${conditional}`;
  });
  const name = pad(bcbpName(journey.lastName, journey.firstName, journey.title), NAME_LENGTH);
  return `M${journey.legs.length}${name}E${legs.join('')}`;
}
