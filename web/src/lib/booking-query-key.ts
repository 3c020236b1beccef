/**
 * The query key of one booking (GET /bookings/:pnr): the booking page reads it, and the features
 * that change a booking elsewhere (My Bookings' cancel) put their answer there, so the page shows
 * the booking as it now is without a reload.
 */
export const bookingQueryKey = (pnr: string | null) => ['booking', pnr] as const;
