import { useMutation } from '@tanstack/react-query';
import type { AdminCancelResponse } from '#shared/admin-bookings';
import { apiPost } from '../../../../lib/api-client';
import { useRefreshAfterBookingChange } from './refresh-after-booking-change';

/** POST /admin/bookings/:pnr/void: the void's quote (confirm false), or the void (docs/bookings.md#void). */
export const voidAdminBooking = (input: { pnr: string; confirm: boolean }) =>
  apiPost<AdminCancelResponse>(`/admin/bookings/${input.pnr}/void`, { confirm: input.confirm });

export function useVoidAdminBooking() {
  const refresh = useRefreshAfterBookingChange();
  return useMutation({
    mutationFn: voidAdminBooking,
    onSuccess: (_data, input) => {
      if (input.confirm) refresh();
    },
  });
}
