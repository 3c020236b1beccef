import type { OrderChangeOffer } from '@duffel/api/types';
import { describe, expect, it } from 'vitest';
import { changeOfferOf } from './duffel-supplier';

/** Duffel's published example order change offer (API reference, "Order Change Requests"), slices left empty. */
const PUBLISHED: OrderChangeOffer = {
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

describe("Duffel's order change offer in Tikat's terms", () => {
  it('reads the published example: penalty, change total and new total in pence, and its expiry', () => {
    expect(changeOfferOf(PUBLISHED)).toEqual({
      id: 'oco_0000A3vUda8dKRtUSQPSXw',
      currency: 'GBP',
      penalty: 1050,
      changeTotal: 3020,
      newTotal: 3550,
      expiresAt: Date.parse('2020-01-17T10:42:14.545Z'),
    });
  });

  it('a change that gives money back has a negative change total', () => {
    expect(changeOfferOf({ ...PUBLISHED, change_total_amount: '-12.40' }).changeTotal).toBe(-1240);
  });
});
