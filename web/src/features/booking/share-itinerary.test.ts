import { expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import { fixedT, type Language, loadLanguage, loadPageStrings } from '../../lib/i18n';
import { itineraryShareText, whatsAppShareUrl } from './share-itinerary';

const segment = (flight: string, from: string, to: string, departAt: string, arriveAt: string) =>
  ({
    flight_number: flight,
    depart_code: from,
    dest_code: to,
    depart_at: departAt,
    arrive_at: arriveAt,
  }) as never;

/** A booking KTM → PKR → KTM, the return on the same day. */
const booking = {
  pnr: 'KX7M2P',
  legs: [
    { segments: [segment('YA 101', 'KTM', 'PKR', '2026-05-01T06:30:00+05:45', '2026-05-01T07:00:00+05:45')] },
    { segments: [segment('YA 102', 'PKR', 'KTM', '2026-05-01T16:10:00+05:45', '2026-05-01T16:40:00+05:45')] },
  ],
} as unknown as Pick<Booking, 'pnr' | 'legs'>;

async function translator(language: Language) {
  await Promise.all([loadLanguage(language), loadPageStrings()]);
  return fixedT(language);
}

it('shares the route, each flight’s date and local times, and the PNR, and no link', async () => {
  const text = itineraryShareText(booking, await translator('en'));
  expect(text).toBe(
    [
      'My flight KTM → PKR → KTM',
      'YA 101 KTM → PKR, 2026-05-01, departs 06:30, arrives 07:00 (local times)',
      'YA 102 PKR → KTM, 2026-05-01, departs 16:10, arrives 16:40 (local times)',
      'Booking reference (PNR): KX7M2P',
    ].join('\n'),
  );
  expect(text).not.toMatch(/https?:|token/);
});

it('shares in Nepali, with Devanagari digits', async () => {
  const text = itineraryShareText(booking, await translator('ne'));
  expect(text).toContain('मेरो उडान KTM → PKR → KTM');
  expect(text).toContain('YA 101 KTM → PKR, २०२६-०५-०१, प्रस्थान ०६:३०, आगमन ०७:००');
  expect(text).toContain('KX7M2P');
});

it('is WhatsApp’s click-to-chat link with the text encoded', () => {
  const url = whatsAppShareUrl('My flight KTM → PKR\nPNR: KX7M2P & more');
  expect(url.startsWith('https://wa.me/?text=')).toBe(true);
  expect(new URL(url).searchParams.get('text')).toBe('My flight KTM → PKR\nPNR: KX7M2P & more');
});
