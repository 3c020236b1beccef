import { decode } from 'bcbp';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bcbpName, bcbpString, journeyBcbp, julianDay } from './bcbp';

// `bcbp` (npm, MIT, github.com/georgesmith46/bcbp) is an independent decoder of Resolution 792:
// what it reads back is what a gate reader would.

const ktmPkr = {
  pnr: 'SWOP7A',
  from: 'KTM',
  to: 'PKR',
  carrier: 'U4',
  flightNumber: '601',
  date: '2026-12-01',
  compartment: 'B',
  ticketNumber: '0001234567890',
  baggageKg: 20,
};

describe('bcbpString', () => {
  it('reproduces the IATA vector of domain-nepal.md', () => {
    const text = bcbpString({
      lastName: 'Desmarais',
      firstName: 'Luc',
      pnr: 'ABC123',
      from: 'YUL',
      to: 'FRA',
      carrier: 'AC',
      flightNumber: '834',
      date: '2023-11-22',
      compartment: 'J',
      seat: '001A',
      sequence: '0025',
      status: '1',
    });
    expect(text).toBe('M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100');
    expect(text).toHaveLength(60);
  });

  it('counts days of the year', () => {
    expect(julianDay('2026-01-01')).toBe('001');
    expect(julianDay('2024-12-31')).toBe('366');
  });
});

describe('names in the barcode', () => {
  it('keeps the first name when the surname is long, cutting the surname rather than the initial', () => {
    expect(bcbpName('Bajracharya-Maharjan', 'Ram Bahadur', 'Mr')).toBe('BAJRACHARYAMAHARJA/R');
    expect(bcbpName('Shrestha', 'Ram Bahadur', 'Mr')).toBe('SHRESTHA/RAM BAHADUR');
    expect(bcbpName('Rai', 'Sita', 'Ms')).toBe('RAI/SITA MS');
    expect(bcbpName('Sze To', 'Tai Man Peter')).toBe('SZETO/TAI MAN PETER');
    expect(bcbpName('Gurung', 'Pemba Lhamu Dolma', 'Mrs')).toBe('GURUNG/PEMBA LHAMU D');
    expect(bcbpName('Müller', 'José')).toBe('MULLER/JOSE');
  });

  it('never loses the slash or the first initial, and never passes 20 characters (property)', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z -]{0,39}$/);
    fc.assert(
      fc.property(word, word, (last, first) => {
        const name = bcbpName(last, first);
        expect(name.length).toBeLessThanOrEqual(20);
        const [surname, given] = name.split('/');
        expect(given?.[0]).toBe(first.replace(/[^A-Za-z]/g, '')[0]?.toUpperCase());
        expect(surname?.length).toBeGreaterThan(0);
      }),
    );
  });

  it('reads back through an independent decoder with the first name intact', () => {
    const text = journeyBcbp({
      lastName: 'Bajracharya-Maharjan',
      firstName: 'Ram Bahadur',
      title: 'Mr',
      kind: 'adult',
      gender: 'male',
      legs: [ktmPkr],
      issuedOn: '2026-11-25',
      issuer: 'U4',
    });
    const decoded = decode(text, 2026);
    expect(decoded.data?.passengerName).toBe('BAJRACHARYAMAHARJA/R');
    expect(decoded.data?.passengerDescription).toBe('1');
  });
});

describe('journeyBcbp', () => {
  it('tells an infant from the adult who carries it', () => {
    const base = { lastName: 'Tamang', legs: [ktmPkr], issuedOn: '2026-11-25', issuer: 'U4' };
    const adult = decode(
      journeyBcbp({ ...base, firstName: 'Maya', title: 'Mrs', kind: 'adult-with-infant', gender: 'female' }),
      2026,
    );
    const infant = decode(journeyBcbp({ ...base, firstName: 'Anish', kind: 'infant', gender: 'male' }), 2026);
    const child = decode(journeyBcbp({ ...base, firstName: 'Nima', kind: 'child' }), 2026);
    expect(adult.data?.passengerDescription).toBe('6');
    expect(infant.data?.passengerDescription).toBe('4');
    expect(child.data?.passengerDescription).toBe('3');
  });

  it('encodes a connection as one pass with a leg per flight, each with its own ticket number', () => {
    const text = journeyBcbp({
      lastName: 'Shrestha',
      firstName: 'Ram',
      title: 'Mr',
      kind: 'adult',
      gender: 'male',
      legs: [
        { ...ktmPkr, to: 'BWA', carrier: 'YT', flightNumber: '673', ticketNumber: '0009876543210' },
        { ...ktmPkr, from: 'BWA', to: 'DEL', carrier: 'AI', flightNumber: '216A', baggageKg: 30 },
      ],
      issuedOn: '2026-11-25',
      issuer: 'YT',
    });
    const decoded = decode(text, 2026);
    expect(decoded.meta).toMatchObject({ formatCode: 'M', numberOfLegs: 2, versionNumber: 6 });
    expect(decoded.data).toMatchObject({
      passengerName: 'SHRESTHA/RAM MR',
      boardingPassIssuanceSource: 'W',
      documentType: 'B',
      boardingPassIssuerDesignator: 'YT',
    });
    expect(decoded.data?.issuanceDate?.toISOString().slice(0, 10)).toBe('2026-11-25');
    const legs = decoded.data?.legs ?? [];
    expect(legs).toHaveLength(2);
    expect(legs[0]).toMatchObject({
      operatingCarrierPNR: 'SWOP7A',
      departureAirport: 'KTM',
      arrivalAirport: 'BWA',
      operatingCarrierDesignator: 'YT',
      flightNumber: '0673',
      compartmentCode: 'B',
      airlineNumericCode: '000',
      serialNumber: '9876543210',
      freeBaggageAllowance: '20K',
    });
    expect(legs[1]).toMatchObject({
      departureAirport: 'BWA',
      arrivalAirport: 'DEL',
      operatingCarrierDesignator: 'AI',
      flightNumber: '0216A',
      airlineNumericCode: '000',
      serialNumber: '1234567890',
      freeBaggageAllowance: '30K',
    });
    expect(legs[1]?.flightDate?.toISOString().slice(0, 10)).toBe('2026-12-01');
  });

  it('refuses more flights than a pass can hold', () => {
    const journey = {
      lastName: 'Rai',
      firstName: 'Sita',
      kind: 'adult' as const,
      legs: Array.from({ length: 5 }, () => ktmPkr),
      issuedOn: '2026-11-25',
      issuer: 'U4',
    };
    expect(() => journeyBcbp(journey)).toThrow(/1 to 4 legs/);
  });
});
