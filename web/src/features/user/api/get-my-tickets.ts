import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface TicketItem {
  ticket_number: string;
  pnr: string;
  passenger_name: string;
  route: string;
  departs_at: string;
  flight: string;
  status: string;
}

/** GET /tickets: the signed-in user's tickets. */
export const getMyTickets = () => apiGet<TicketItem[]>('/tickets');

export const myTicketsQueryOptions = () => queryOptions({ queryKey: ['my-tickets'], queryFn: getMyTickets });

export const useMyTickets = () => useQuery(myTicketsQueryOptions());
