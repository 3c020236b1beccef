import { describe, expect, it } from 'vitest';
import { composePriceDropSms } from './compose-price-drop-sms';
import { smsLength } from './sms-parts';

const LINK =
  'https://www.sajilotravels.example/flight-search?trip=oneway&from=KTM&to=PKR&date=2026-05-01&adults=1&nat=NP';
const facts = {
  brandName: 'Sajilo Travels and Tours Pvt',
  origin: 'KTM',
  destination: 'PKR',
  currency: 'NPR' as const,
  lowest: 320_000,
  previous: 400_000,
  date: '2026-05-01',
  link: LINK,
};

describe('composePriceDropSms', () => {
  it('English: the route, the new and old fares, the date and the link, in at most two GSM-7 parts', () => {
    const text = composePriceDropSms({ ...facts, language: 'en' });
    expect(text).toBe(
      `Sajilo Travels and T: Fare drop KTM-PKR: NPR 3,200 on 1 May, was NPR 4,000. See flights: ${LINK}`,
    );
    const length = smsLength(text);
    expect(length.encoding).toBe('gsm');
    expect(length.parts).toBeLessThanOrEqual(2);
  });

  it('Nepali: Devanagari digits and the Bikram Sambat date, the link unchanged, in at most three parts', () => {
    const text = composePriceDropSms({ ...facts, language: 'ne' });
    expect(text).toContain('भाडा घट्यो');
    expect(text).toContain('३,२००');
    expect(text).toContain('(१८ बैशाख)');
    expect(text.endsWith(LINK)).toBe(true);
    expect(smsLength(text).parts).toBeLessThanOrEqual(3);
  });
});
