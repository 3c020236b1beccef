import { useMutation } from '@tanstack/react-query';
import type { FlightDisruption, MarkDisruptedRequest } from '#shared/admin-bookings';
import { apiPost } from '../../../../lib/api-client';
import { useRefreshAfterBookingChange } from './refresh-after-booking-change';

/** POST /admin/flights/:id/disruptions: the flight's bookings are marked and their travellers told. */
export const markFlightDisrupted = (input: MarkDisruptedRequest & { flightId: string }) =>
  apiPost<FlightDisruption>(`/admin/flights/${input.flightId}/disruptions`, {
    reason: input.reason,
    note: input.note,
    change: input.change,
    ...(input.newDepartureLocal ? { newDepartureLocal: input.newDepartureLocal } : {}),
  });

export function useMarkFlightDisrupted() {
  const onSuccess = useRefreshAfterBookingChange();
  return useMutation({ mutationFn: markFlightDisrupted, onSuccess });
}
