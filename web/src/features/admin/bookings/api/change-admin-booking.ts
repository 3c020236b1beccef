import { useMutation } from '@tanstack/react-query';
import type { AdminChangeResponse } from '#shared/admin-bookings';
import type { ChangeBookingRequest } from '#shared/booking-changes';
import { apiPost } from '../../../../lib/api-client';
import { useRefreshAfterBookingChange } from './refresh-after-booking-change';

/** POST /admin/bookings/:pnr/change: a date change's quote (confirm false), or the change and reissue. */
export const changeAdminBooking = (pnr: string, body: ChangeBookingRequest) =>
  apiPost<AdminChangeResponse>(`/admin/bookings/${encodeURIComponent(pnr)}/change`, body);

export function useChangeAdminBooking(pnr: string) {
  const refresh = useRefreshAfterBookingChange();
  return useMutation({
    mutationFn: (body: ChangeBookingRequest) => changeAdminBooking(pnr, body),
    onSuccess: (_data, body) => {
      if (body.confirm) refresh();
    },
  });
}
