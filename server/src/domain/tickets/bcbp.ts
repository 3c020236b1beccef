/**
 * IATA Bar Coded Boarding Pass (Resolution 792) mandatory items, format code M, one leg:
 * 60 characters, e.g. `M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100`.
 */
export interface BcbpLeg {
  lastName: string;
  firstName: string;
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
}

const pad = (value: string, length: number) => value.slice(0, length).padEnd(length, ' ');
/** Letters and the slash only, upper case, accents removed (the field is ASCII). */
const ascii = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[^A-Za-z ]/g, '')
    .toUpperCase()
    .trim();

/** Day of the year, 001–366. */
export function julianDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 0)) / 86_400_000);
  return String(day).padStart(3, '0');
}

/** The 60-character mandatory block of a one-leg BCBP, format M, electronic ticket. */
export function bcbpString(leg: BcbpLeg): string {
  const match = /^(\d{1,4})([A-Z]?)$/.exec(leg.flightNumber) ?? ['', '0', ''];
  const flight = `${(match[1] ?? '0').padStart(4, '0')}${match[2] || ' '}`;
  return [
    'M1',
    pad(`${ascii(leg.lastName)}/${ascii(leg.firstName)}`, 20),
    'E',
    pad(leg.pnr, 7),
    pad(leg.from, 3),
    pad(leg.to, 3),
    pad(leg.carrier, 3),
    flight,
    julianDay(leg.date),
    pad(leg.compartment, 1),
    pad(leg.seat ?? '', 4),
    pad(leg.sequence ?? '', 5),
    pad(leg.status ?? '1', 1),
    '00',
  ].join('');
}
