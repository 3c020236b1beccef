import { useMutation } from '@tanstack/react-query';
import type { AdminBookingDetail } from '#shared/admin-bookings';
import { apiPost } from '../../../../lib/api-client';
import { useRefreshAfterBookingChange } from './refresh-after-booking-change';

/** POST /admin/bookings/:pnr/refunds/:refundId/complete: a gateway refund paid back by hand. */
export const completeRefund = (input: { pnr: string; refundId: string; reference: string }) =>
  apiPost<AdminBookingDetail>(`/admin/bookings/${input.pnr}/refunds/${input.refundId}/complete`, {
    reference: input.reference,
  });

export function useCompleteRefund() {
  const refresh = useRefreshAfterBookingChange();
  return useMutation({ mutationFn: completeRefund, onSuccess: refresh });
}
