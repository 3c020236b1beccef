import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking, CreateBookingRequest, PaymentAction, PaymentMethod } from '#shared/bookings';
import type { AvailabilityResponse } from '#shared/flights';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';

export const checkAvailability = (offers: { id: string; total: number }[]) =>
  apiPost<AvailabilityResponse>('/flights/availability', { offers });

/** The Idempotency-Key makes a retried submit (double tap, flaky network) return the same booking. */
export const createBooking = (body: CreateBookingRequest, idempotencyKey: string) =>
  apiRequest<Booking>('POST', '/bookings', body, { 'idempotency-key': idempotencyKey });

export const getBooking = (pnr: string) => apiGet<Booking>(`/bookings/${encodeURIComponent(pnr)}`);

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
    queryKey: ['booking', pnr],
    queryFn: () => getBooking(pnr as string),
    enabled: Boolean(pnr),
    retry: false,
    refetchInterval: (query) =>
      options.watchForPayment && query.state.data?.status === 'held' && Date.now() < watchUntil
        ? PAYMENT_WATCH_EVERY_MS
        : false,
  });
}

export const payBooking = (pnr: string, method: PaymentMethod) =>
  apiPost<PaymentAction>(`/bookings/${encodeURIComponent(pnr)}/payments`, { method });

export const ticketPdfUrl = (pnr: string) => `/api/b2b/v2/bookings/${encodeURIComponent(pnr)}/ticket.pdf`;

/** Submits a gateway's form the way the gateway expects: a real form POST from this page. */
export function submitGatewayForm(url: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
