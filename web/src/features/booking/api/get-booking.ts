import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '#shared/bookings';
import { apiGet } from '../../../lib/api-client';
import { bookingQueryKey } from '../../../lib/booking-query-key';

/** GET /bookings/:pnr: one of the signed-in user's bookings. */
export const getBooking = (pnr: string) => apiGet<Booking>(`/bookings/${encodeURIComponent(pnr)}`);

export { bookingQueryKey };

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

/** How long, and how often, a date change waiting for its gateway's confirmation is looked at again. */
export const CHANGE_WATCH_MS = 2 * 60_000;
const CHANGE_WATCH_EVERY_MS = 2_500;

/**
 * A booking by PNR. With `watchForPayment` (the gateway sent the payer back unconfirmed), a held
 * booking is looked at again every 15 s for 10 minutes: the reconcile job may still confirm a
 * payment whose look-up failed, and the page then shows the tickets. With `watchForChange` (a date
 * change's payment came back unconfirmed: `?change=pending`), it is looked at every 2.5 s for
 * 2 minutes while its `change_payment` is pending: the page then shows the new flight, or that
 * the booking kept its own.
 */
export function useBooking(
  pnr: string | null,
  options: { watchForPayment?: boolean; watchForChange?: boolean } = {},
) {
  const [startedAt] = useState(() => Date.now());
  return useQuery({
    ...bookingQueryOptions(pnr),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (options.watchForChange && data?.change_payment?.status === 'pending') {
        return Date.now() < startedAt + CHANGE_WATCH_MS ? CHANGE_WATCH_EVERY_MS : false;
      }
      return options.watchForPayment && data?.status === 'held' && Date.now() < startedAt + PAYMENT_WATCH_MS
        ? PAYMENT_WATCH_EVERY_MS
        : false;
    },
  });
}

/**
 * What the booking page says of a date change the gateway returned from with `?change=…`: the
 * return's own word, except that a `pending` one follows the booking's `change_payment` as it is
 * looked at again (`success` once applied, `failed` once refused or lapsed), and says it is still
 * waiting once the page stops looking (`waitedOut`).
 */
export function changeOutcomeOf(
  returned: string | null,
  changePayment: Booking['change_payment'],
  waitedOut: boolean,
): string | null {
  if (returned !== 'pending' || !changePayment) return returned;
  if (changePayment.status === 'applied') return 'confirmed';
  if (changePayment.status === 'pending') return waitedOut ? 'stillPending' : 'pending';
  return 'refused';
}

/** The booking's e-ticket PDF (the session cookie authorises it). */
/** The e-ticket PDF; `hidePrice`: without the fare section (an agent's copy for a client). */
export const ticketPdfUrl = (pnr: string, options: { hidePrice?: boolean } = {}) =>
  `/api/b2b/v2/bookings/${encodeURIComponent(pnr)}/ticket.pdf${options.hidePrice ? '?price=hide' : ''}`;
/** The paid booking's tax invoice (docs/finance.md), a PDF. */
export const invoicePdfUrl = (pnr: string) => `/api/b2b/v2/bookings/${encodeURIComponent(pnr)}/invoice`;
