import { useMutation } from '@tanstack/react-query';
import type { AdminChangeResponse } from '#shared/admin-bookings';
import type { ChangeBookingRequest } from '#shared/booking-changes';
import { apiPost } from '../../../../lib/api-client';
import { useRefreshAfterBookingChange } from './refresh-after-booking-change';

/** POST /admin/bookings/:pnr/change: a date change's quote (confirm false), or the change and reissue. */
export const changeAdminBooking = (input: { pnr: string; body: ChangeBookingRequest }) =>
  apiPost<AdminChangeResponse>(`/admin/bookings/${encodeURIComponent(input.pnr)}/change`, input.body);

export function useChangeAdminBooking() {
  const refresh = useRefreshAfterBookingChange();
  return useMutation({
    mutationFn: changeAdminBooking,
    onSuccess: (_data, input) => {
      if (input.body.confirm) refresh();
    },
  });
}
