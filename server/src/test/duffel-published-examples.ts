import type { OrderChangeOffer } from '@duffel/api/types';

/**
 * Duffel's published example order change offer (the API reference's "Order Change Requests" and
 * @duffel/api's `mockOrderChangeRequest`), its slices left empty: what the stand-in's answers and
 * Tikat's reading of them are checked against.
 */
export const PUBLISHED_CHANGE_OFFER: OrderChangeOffer = {
  updated_at: '2020-01-17T10:12:14.545Z',
  slices: { add: [], remove: [] },
  refund_to: 'arc_bsp_cash',
  penalty_currency: 'GBP',
  penalty_amount: '10.50',
  order_change_id: 'oce_0000A4QasEUIjJ6jHKfhHU',
  new_total_currency: 'GBP',
  new_total_amount: '35.50',
  id: 'oco_0000A3vUda8dKRtUSQPSXw',
  expires_at: '2020-01-17T10:42:14.545Z',
  created_at: '2020-01-17T10:12:14.545Z',
  change_total_currency: 'GBP',
  change_total_amount: '30.20',
};
