import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingDetail } from '#shared/admin-bookings';
import { apiPost } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';
import { useRefreshAfterBookingChange } from './refresh-after-booking-change';

/** POST /admin/bookings/:pnr/refunds/:refundId/complete: a gateway refund paid back by hand. */
export const completeRefund = (input: { pnr: string; refundId: string; reference: string; note?: string }) =>
  apiPost<AdminBookingDetail>(`/admin/bookings/${input.pnr}/refunds/${input.refundId}/complete`, {
    reference: input.reference,
    ...(input.note ? { note: input.note } : {}),
  });

export function useCompleteRefund() {
  const refresh = useRefreshAfterBookingChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeRefund,
    onSuccess: () => {
      refresh();
      for (const queryKey of [adminKeys.refunds, adminKeys.dashboard])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
