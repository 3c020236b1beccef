import { describe, expect, it } from 'vitest';
import { PUBLISHED_CHANGE_OFFER as PUBLISHED } from '../../test/duffel-published-examples';
import { changeOfferOf } from './duffel-supplier';

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
