import { beforeAll, describe, expect, it } from 'vitest';
import type { OfferConditions } from '#shared/offer-conditions';
import { fixedT, loadLanguage, loadPageStrings, type TFunction } from './i18n';

let terms: typeof import('./fare-terms');
let english: TFunction;
let nepali: TFunction;
beforeAll(async () => {
  // The app's strings with the on-demand pages' ones, as the results and booking pages have them.
  await Promise.all([loadLanguage('ne'), loadPageStrings()]);
  terms = await import('./fare-terms');
  english = fixedT('en');
  nepali = fixedT('ne');
});

const saver: OfferConditions = {
  refund: {
    allowed: true,
    tiers: [
      { hours_before_departure: 24, fee: { percent: 10 } },
      { hours_before_departure: 2, fee: { percent: 33.33 } },
    ],
  },
  change: { allowed: false, tiers: [] },
  no_show: { fee: { percent: 100 } },
  baggage: { checked_kg: 15, cabin_kg: 5 },
};
const nonRefundable: OfferConditions = { ...saver, refund: { allowed: false, tiers: [] }, no_show: null };

describe('the fare terms in the traveller’s language', () => {
  it('reads in English as one sentence per rule, each starting with a capital', () => {
    expect(terms.refundRulesText(english, saver)).toBe(
      'Cancellation fee: 10 % of the base fare 24 h or more before departure; 33.33 % of the base fare between 2 h and 24 h before departure. ' +
        'Cancelling within 2 h of departure is not possible: it counts as a no-show. ' +
        'The fuel surcharge and passenger service charge are refunded. A no-show keeps 100 % of the base fare.',
    );
    expect(terms.refundRulesText(english, nonRefundable)).toBe(
      'Non-refundable: this fare cannot be cancelled for a refund. A no-show costs nothing.',
    );
    expect(terms.fareFamilyName(english, 'Saver')).toBe('Saver');
    expect(terms.baggageText(english, saver.baggage)).toBe('15 kg + 5 kg hand');
  });

  it('reads in Nepali with no English word and Devanagari digits only', () => {
    const texts = [
      terms.refundRulesText(nepali, saver),
      terms.refundRulesText(nepali, nonRefundable),
      terms.fareFamilyName(nepali, 'Saver'),
      terms.baggageText(nepali, saver.baggage),
    ];
    expect(texts[0]).toContain('आधार भाडाको १० %');
    expect(texts[0]).toContain('उडानभन्दा २ देखि २४ घण्टा अगाडिसम्म आधार भाडाको ३३.३३ %');
    expect(texts[2]).toBe('सेभर');
    for (const text of texts) expect(text).not.toMatch(/[A-Za-z0-9]/);
  });

  it('keeps a family it does not know by its own name', () => {
    expect(terms.fareFamilyName(nepali, 'Super Value')).toBe('Super Value');
  });
});
