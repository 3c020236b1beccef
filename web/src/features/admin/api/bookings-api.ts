import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#shared/admin';
import type {
  AdminBookingDetail,
  AdminBookingSummary,
  AdminBookingsQuery,
  AdminCancelResponse,
  FlightDisruption,
  MarkDisruptedRequest,
} from '#shared/admin-bookings';
import { apiGet, apiPost } from '../../../lib/api-client';
import { toQuery } from './admin-api';

const bookingKeys = {
  all: ['admin', 'bookings'] as const,
  list: (query: AdminBookingsQuery) => ['admin', 'bookings', 'list', query] as const,
  detail: (pnr: string) => ['admin', 'bookings', 'detail', pnr] as const,
};

export function useAdminBookings(query: AdminBookingsQuery) {
  return useQuery({
    queryKey: bookingKeys.list(query),
    queryFn: () => apiGet<Page<AdminBookingSummary>>(`/admin/bookings?${toQuery(query)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminBooking(pnr: string) {
  return useQuery({
    queryKey: bookingKeys.detail(pnr),
    queryFn: () => apiGet<AdminBookingDetail>(`/admin/bookings/${encodeURIComponent(pnr)}`),
    staleTime: 0,
    retry: false,
  });
}

/** After an action: the booking lists, the detail, the outbox and the audit log are stale. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

export function useResendTicket() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (pnr: string) => apiPost<{ to: string }>(`/admin/bookings/${pnr}/resend-ticket`),
    onSuccess,
  });
}

export function useCancelBooking() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (input: { pnr: string; confirm: boolean }) =>
      apiPost<AdminCancelResponse>(`/admin/bookings/${input.pnr}/cancel`, { confirm: input.confirm }),
    onSuccess: (_data, input) => {
      if (input.confirm) onSuccess();
    },
  });
}

export function useMarkDisrupted() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (input: MarkDisruptedRequest & { flightId: string }) =>
      apiPost<FlightDisruption>(`/admin/flights/${input.flightId}/disruptions`, {
        reason: input.reason,
        note: input.note,
      }),
    onSuccess,
  });
}
