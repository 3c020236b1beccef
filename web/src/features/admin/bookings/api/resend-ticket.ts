import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../../lib/api-client';
import { useRefreshAfterBookingChange } from './refresh-after-booking-change';

/** POST /admin/bookings/:pnr/resend-ticket: the ticket e-mail again, to the booking's address. */
export const resendTicket = (pnr: string) => apiPost<{ to: string }>(`/admin/bookings/${pnr}/resend-ticket`);

export function useResendTicket() {
  const onSuccess = useRefreshAfterBookingChange();
  return useMutation({ mutationFn: resendTicket, onSuccess });
}
