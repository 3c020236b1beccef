import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../shared/api/admin-keys';

/** After an action: the booking lists, the detail, the outbox and the audit log are stale. */
export function useRefreshAfterBookingChange() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [adminKeys.bookings, adminKeys.outbox, adminKeys.audit])
      void queryClient.invalidateQueries({ queryKey });
  };
}
