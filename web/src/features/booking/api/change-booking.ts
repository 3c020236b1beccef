import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ChangeBookingRequest, ChangeBookingResponse, ChangeOptions } from '#shared/booking-changes';
import { apiGet, apiPost } from '../../../lib/api-client';

/** GET /bookings/:pnr/change-options: the leg's flights on a date, each with its change quote. */
export const getChangeOptions = (pnr: string, legIndex: number, date: string) =>
  apiGet<ChangeOptions>(
    `/bookings/${encodeURIComponent(pnr)}/change-options?leg_index=${legIndex}&date=${encodeURIComponent(date)}`,
  );

export const changeOptionsQueryOptions = (pnr: string, legIndex: number, date: string | null) =>
  queryOptions({
    queryKey: ['booking', pnr, 'change-options', legIndex, date] as const,
    queryFn: () => getChangeOptions(pnr, legIndex, date as string),
    enabled: Boolean(date),
    retry: false,
  });

export const useChangeOptions = (pnr: string, legIndex: number, date: string | null) =>
  useQuery(changeOptionsQueryOptions(pnr, legIndex, date));

export type ChangeBookingAnswer = ChangeBookingResponse;

/**
 * POST /bookings/:pnr/change: quote (confirm false) or pay and reissue (confirm true); a traveller
 * confirms with a gateway `method` and is answered where to pay (`payment_action`).
 */
export const changeBooking = (pnr: string, body: ChangeBookingRequest) =>
  apiPost<ChangeBookingAnswer>(`/bookings/${encodeURIComponent(pnr)}/change`, body);

export const useChangeBooking = (pnr: string) =>
  useMutation({ mutationFn: (body: ChangeBookingRequest) => changeBooking(pnr, body) });
