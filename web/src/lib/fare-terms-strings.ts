/** The fare terms' strings (fare-terms.ts): loaded with the results and booking pages, not the home. */
export const fareTermsStrings = {
  en: {
    fareTerms: {
      families: { Apex: 'Apex', Business: 'Business', Flex: 'Flex', Saver: 'Saver', Standard: 'Standard' },
      percentOfBase: '{{percent}} % of the base fare',
      atLeast: '{{hours}} h or more before departure',
      untilDeparture: 'until departure',
      between: 'between {{hours}} h and {{previous}} h before departure',
      lessThan: 'less than {{previous}} h before departure',
      tier: '{{fee}} {{when}}',
      cancellationFee: 'Cancellation fee: {{tiers}}.',
      closed: 'Cancelling within {{hours}} h of departure is not possible: it counts as a no-show.',
      chargesRefunded: 'The fuel surcharge and passenger service charge are refunded.',
      noShowKeeps: 'A no-show keeps {{fee}}.',
      noShowFree: 'A no-show costs nothing.',
      nonRefundable: 'Non-refundable: this fare cannot be cancelled for a refund.',
    },
  },
  ne: {
    fareTerms: {
      families: { Apex: 'एपेक्स', Business: 'बिजनेस', Flex: 'फ्लेक्स', Saver: 'सेभर', Standard: 'स्ट्यान्डर्ड' },
      percentOfBase: 'आधार भाडाको {{percent, digits}} %',
      atLeast: 'उडानभन्दा {{hours, digits}} घण्टा वा बढी अगाडि',
      untilDeparture: 'उडान नहुँदासम्म',
      between: 'उडानभन्दा {{hours, digits}} देखि {{previous, digits}} घण्टा अगाडिसम्म',
      lessThan: 'उडानभन्दा {{previous, digits}} घण्टाभन्दा कम अगाडि',
      tier: '{{when}} {{fee}}',
      cancellationFee: 'रद्द शुल्क: {{tiers}}।',
      closed: 'उडानभन्दा {{hours, digits}} घण्टाभित्र रद्द गर्न मिल्दैन: यसलाई नो-शो मानिन्छ।',
      chargesRefunded: 'इन्धन अधिभार र यात्री सेवा शुल्क फिर्ता हुन्छ।',
      noShowKeeps: 'नो-शो भएमा {{fee}} कटाइन्छ।',
      noShowFree: 'नो-शो भएमा केही कटाइँदैन।',
      nonRefundable: 'फिर्ता नहुने: यो भाडा रद्द गरेर पैसा फिर्ता लिन मिल्दैन।',
    },
  },
};
