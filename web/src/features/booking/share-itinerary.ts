import type { Booking } from '#shared/bookings';

/** The app's `t` (lib/i18n.ts), as far as the share text needs it. */
type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The itinerary as a traveller shares it (docs/sms.md): the route, each flight with its date and
 * its departure and arrival on the airports' own clocks (as the API's times read), and the PNR.
 * Never a link: a booking's pages need the traveller's sign-in, and nothing here signs anyone in.
 */
export function itineraryShareText(booking: Pick<Booking, 'pnr' | 'legs'>, t: Translate): string {
  const segments = booking.legs.flatMap((leg) => leg.segments);
  const route = [segments[0]?.depart_code, ...segments.map((s) => s.dest_code)].join(' → ');
  return [
    t('booking.share.heading', { route }),
    ...segments.map((s) =>
      t('booking.share.flight', {
        flight: s.flight_number,
        from: s.depart_code,
        to: s.dest_code,
        date: s.depart_at.slice(0, 10),
        departs: s.depart_at.slice(11, 16),
        arrives: s.arrive_at.slice(11, 16),
      }),
    ),
    t('booking.share.pnr', { pnr: booking.pnr }),
  ].join('\n');
}

/** WhatsApp's click-to-chat share link with the text filled in (the user picks the chat). */
export const whatsAppShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;
