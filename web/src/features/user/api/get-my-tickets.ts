import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketListItem } from '#shared/bookings';
import { apiGet } from '../../../lib/api-client';

export type TicketItem = TicketListItem;

/** GET /tickets: the signed-in user's tickets. */
export const getMyTickets = () => apiGet<TicketItem[]>('/tickets');

export const myTicketsQueryOptions = () => queryOptions({ queryKey: ['my-tickets'], queryFn: getMyTickets });

export const useMyTickets = () => useQuery(myTicketsQueryOptions());
