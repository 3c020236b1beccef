/**
 * Writes SSIM Chapter 7 records for tests: fields are placed at their 1-based columns in a
 * 200-character record, the serial number in columns 195–200.
 */
export function ssimRecord(type: string, fields: Record<number, string>, serial: number): string {
  const chars = Array.from({ length: 200 }, () => ' ');
  chars[0] = type;
  for (const [column, value] of Object.entries(fields)) {
    [...value].forEach((c, i) => {
      chars[Number(column) - 1 + i] = c;
    });
  }
  [...String(serial).padStart(6, '0')].forEach((c, i) => {
    chars[194 + i] = c;
  });
  return chars.join('');
}

export interface SsimLegFixture {
  airline: string;
  flightNumber: number;
  from: string;
  to: string;
  periodFrom: string;
  periodTo: string;
  days: string;
  departure: string;
  arrival: string;
  departureOffset: string;
  arrivalOffset: string;
  aircraft: string;
  classes: string;
  configuration: string;
  arrivalDateVariation?: string;
  departureDateVariation?: string;
  operationalSuffix?: string;
  itineraryVariation?: string;
}

/** A flight leg record (type 3). */
export function ssimLeg(leg: SsimLegFixture, serial: number): string {
  return ssimRecord(
    '3',
    {
      2: leg.operationalSuffix ?? ' ',
      3: leg.airline.padEnd(3),
      6: String(leg.flightNumber).padStart(4, ' '),
      10: leg.itineraryVariation ?? '01',
      12: '01',
      14: 'J',
      15: leg.periodFrom,
      22: leg.periodTo,
      29: leg.days,
      37: leg.from,
      40: leg.departure,
      44: leg.departure,
      48: leg.departureOffset,
      55: leg.to,
      58: leg.arrival,
      62: leg.arrival,
      66: leg.arrivalOffset,
      73: leg.aircraft,
      76: leg.classes,
      173: leg.configuration,
      193: leg.departureDateVariation ?? '0',
      194: leg.arrivalDateVariation ?? '0',
    },
    serial,
  );
}

/**
 * A whole file: header, one carrier (time mode `L` local unless `U` UTC is asked for) with its
 * legs, a segment record, trailer and padding.
 */
export function ssimFile(
  airline: string,
  legs: SsimLegFixture[],
  options: { timeMode?: 'U' | 'L' } = {},
): string {
  const records: string[] = [];
  let serial = 1;
  records.push(ssimRecord('1', { 2: 'AIRLINE STANDARD SCHEDULE DATA SET' }, serial++));
  records.push('0'.repeat(200));
  records.push(ssimRecord('2', { 2: options.timeMode ?? 'L', 3: airline.padEnd(3) }, serial++));
  for (const leg of legs) records.push(ssimLeg(leg, serial++));
  records.push(ssimRecord('4', { 3: airline.padEnd(3) }, serial++));
  records.push(ssimRecord('5', { 3: airline.padEnd(3), 194: 'E' }, serial++));
  records.push('0'.repeat(200));
  return `${records.join('\n')}\n`;
}
