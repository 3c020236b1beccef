import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '#shared/bookings';
import { apiGet } from '../../../lib/api-client';

/** GET /bookings/:pnr: one of the signed-in user's bookings. */
export const getBooking = (pnr: string) => apiGet<Booking>(`/bookings/${encodeURIComponent(pnr)}`);

export const bookingQueryKey = (pnr: string | null) => ['booking', pnr] as const;

export const bookingQueryOptions = (pnr: string | null) =>
  queryOptions({
    queryKey: bookingQueryKey(pnr),
    queryFn: () => getBooking(pnr as string),
    enabled: Boolean(pnr),
    retry: false,
  });

/** How long, and how often, a held booking is looked at again after a payment that was not confirmed. */
const PAYMENT_WATCH_MS = 10 * 60_000;
const PAYMENT_WATCH_EVERY_MS = 15_000;

/**
 * A booking by PNR. With `watchForPayment` (the gateway sent the payer back unconfirmed), a held
 * booking is looked at again every 15 s for 10 minutes: the reconcile job may still confirm a
 * payment whose look-up failed, and the page then shows the tickets.
 */
export function useBooking(pnr: string | null, options: { watchForPayment?: boolean } = {}) {
  const [watchUntil] = useState(() => Date.now() + PAYMENT_WATCH_MS);
  return useQuery({
    ...bookingQueryOptions(pnr),
    refetchInterval: (query) =>
      options.watchForPayment && query.state.data?.status === 'held' && Date.now() < watchUntil
        ? PAYMENT_WATCH_EVERY_MS
        : false,
  });
}

/** The booking's e-ticket PDF (the session cookie authorises it). */
/** The e-ticket PDF; `hidePrice`: without the fare section (an agent's copy for a client). */
export const ticketPdfUrl = (pnr: string, options: { hidePrice?: boolean } = {}) =>
  `/api/b2b/v2/bookings/${encodeURIComponent(pnr)}/ticket.pdf${options.hidePrice ? '?price=hide' : ''}`;
/** The paid booking's tax invoice (issue 20), a PDF. */
export const invoicePdfUrl = (pnr: string) => `/api/b2b/v2/bookings/${encodeURIComponent(pnr)}/invoice`;
