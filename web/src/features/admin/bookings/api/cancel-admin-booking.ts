import { useMutation } from '@tanstack/react-query';
import type { AdminCancelResponse } from '#shared/admin-bookings';
import { apiPost } from '../../../../lib/api-client';
import { useRefreshAfterBookingChange } from './refresh-after-booking-change';

/** POST /admin/bookings/:pnr/cancel: the refund quote (confirm false), or the cancellation. */
export const cancelAdminBooking = (input: { pnr: string; confirm: boolean }) =>
  apiPost<AdminCancelResponse>(`/admin/bookings/${input.pnr}/cancel`, { confirm: input.confirm });

export function useCancelAdminBooking() {
  const refresh = useRefreshAfterBookingChange();
  return useMutation({
    mutationFn: cancelAdminBooking,
    onSuccess: (_data, input) => {
      if (input.confirm) refresh();
    },
  });
}
