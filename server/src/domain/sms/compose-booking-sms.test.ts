import { describe, expect, it } from 'vitest';
import type { BookingSmsKind, DisruptionChange } from '../../db/schema/index';
import { type BookingSmsFacts, composeBookingSms, smsTime } from './compose-booking-sms';
import { smsLength } from './sms-parts';

/** The longest facts a message carries: a 20-character brand name (longer ones are cut). */
const facts = (
  kind: BookingSmsKind,
  language: 'en' | 'ne',
  extra: Partial<BookingSmsFacts> = {},
): BookingSmsFacts => ({
  kind,
  language,
  brandName: 'Himalayan Holidays Travel & Tours',
  pnr: 'KX7M2P',
  flight: { number: 'U4 5123', from: 'KTM', to: 'BWA', departAt: '2026-12-28T16:45:00+05:45' },
  holdExpiresAt: new Date('2026-12-20T04:35:00Z'),
  ...extra,
});

const ALL: [BookingSmsKind, DisruptionChange | undefined][] = [
  ['held', undefined],
  ['ticketed', undefined],
  ['reminder', undefined],
  ['disrupted', 'disrupted'],
  ['disrupted', 'cancelled'],
  ['disrupted', 'delayed'],
  ['disrupted', 'retimed'],
];
const disruption = (change: DisruptionChange | undefined) =>
  change ? { change, newDepartureLocal: '2026-12-28T19:15' } : {};

describe('booking SMS text', () => {
  it.each(ALL)('English %s (%s) is one GSM-7 message with the PNR and the local time', (kind, change) => {
    const text = composeBookingSms(facts(kind, 'en', disruption(change)));
    expect(smsLength(text)).toMatchObject({ encoding: 'gsm', parts: 1 });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toContain('KX7M2P');
    expect(text).toContain(change === 'delayed' || change === 'retimed' ? '28 Dec 19:15' : '28 Dec 16:45');
    expect(text).toMatch(/^Himalayan Holidays T: /);
    expect(text).not.toMatch(/https?:|token|password/i);
  });

  it.each(ALL)(
    'Nepali %s (%s) is Unicode in at most two parts, with the PNR and the local time in Nepali',
    (kind, change) => {
      const text = composeBookingSms(facts(kind, 'ne', disruption(change)));
      const length = smsLength(text);
      expect(length.encoding).toBe('unicode');
      expect(length.parts).toBeLessThanOrEqual(2);
      expect(text).toContain('KX7M2P');
      // 28 December 2026 is 13 Poush 2083; the departure airport's own clock, in Devanagari digits.
      const moved = change === 'delayed' || change === 'retimed';
      expect(text).toContain(moved ? '१३ पुस १९:१५' : '१३ पुस १६:४५');
      expect(text).toMatch(/[\u0900-\u097F]{3}/);
      expect(text).not.toMatch(/https?:/);
    },
  );

  it('a hold says by when to pay, in Nepal time', () => {
    // 04:35 UTC is 10:20 in Kathmandu (UTC+05:45).
    expect(composeBookingSms(facts('held', 'en'))).toContain('Pay by 10:20 Nepal time');
    expect(composeBookingSms(facts('held', 'ne'))).toContain('१०:२० भित्र भुक्तानी');
  });

  it('shows the departure airport’s own clock, whatever its zone', () => {
    expect(smsTime('2026-05-01T06:30:00+05:45', 'en')).toBe('1 May 06:30');
    expect(smsTime('2026-05-01T23:05:00+04:00', 'en')).toBe('1 May 23:05');
  });
});

describe('SMS length', () => {
  it('counts GSM-7 septets (the extension table twice) and Unicode parts', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'gsm', units: 160, parts: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'gsm', units: 161, parts: 2 });
    expect(smsLength('€'.repeat(80))).toEqual({ encoding: 'gsm', units: 160, parts: 1 });
    expect(smsLength('क'.repeat(70))).toEqual({ encoding: 'unicode', units: 70, parts: 1 });
    expect(smsLength('क'.repeat(71))).toEqual({ encoding: 'unicode', units: 71, parts: 2 });
  });
});
