/**
 * The webhooks page's strings (docs/webhooks.md), loaded with the page: the account's and the console's.
 * Event keys write the type's dots as colons (a dot separates a text key's parts).
 */
export const webhookStrings = {
  en: {
    webhooks: {
      title: 'Webhooks',
      intro:
        'Your own systems are told when something happens to your bookings or wallet: a signed JSON POST to an address you register. Check each delivery’s Tikat-Signature header with the secret (docs: webhooks).',
      agencyIntro:
        'The agency’s webhooks: your systems are told of the bookings and wallet of this console account. Agents register their own under Account → Webhooks.',
      agentsOnly: 'Webhooks are for agents and agency staff.',
      add: 'Add webhook',
      url: 'Address (https://…)',
      events: 'Events to send',
      event: {
        'booking:held': 'Booking held',
        'booking:ticketed': 'Booking ticketed',
        'booking:cancelled': 'Booking cancelled',
        'booking:refunded': 'Booking refunded',
        'flight:disrupted': 'Flight disrupted',
        'wallet:low': 'Wallet low',
        'webhook:test': 'Test',
      },
      secretOnce: 'The signing secret of {{url}}. Copy it now: it is shown only this once.',
      stored: 'I have stored it',
      none: 'You have no webhooks yet.',
      yours: 'Your webhooks',
      disabled: 'Disabled after failing: add it again to resume.',
      test: 'Send a test',
      testSent: 'Test event sent to {{url}}.',
      showDeliveries: 'Deliveries',
      hideDeliveries: 'Hide deliveries',
      deliveriesOf: 'Deliveries to {{url}}',
      noDeliveries: 'Nothing sent yet.',
      when: 'When',
      type: 'Event',
      state: 'State',
      attempts: 'Attempts',
      answer: 'Last answer',
      states: { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' },
      redeliver: 'Redeliver',
      redelivered: 'The event is sent again.',
      remove: 'Delete',
      confirmRemove: 'Delete the webhook to {{url}}? Nothing more is sent to it.',
    },
  },
  ne: {
    webhooks: {
      title: 'वेबहुकहरू',
      intro:
        'तपाईंका बुकिङ वा वालेटमा केही हुँदा तपाईंका आफ्नै प्रणालीलाई खबर जान्छ: तपाईंले दर्ता गरेको ठेगानामा हस्ताक्षरसहितको JSON POST। प्रत्येक डेलिभरीको Tikat-Signature हेडर गोप्य कुञ्जीले जाँच्नुहोस्।',
      agencyIntro:
        'एजेन्सीका वेबहुक: यो कन्सोल खाताका बुकिङ र वालेटबारे तपाईंका प्रणालीलाई खबर जान्छ। एजेन्टहरूले आफ्नै वेबहुक खाता → वेबहुकमा दर्ता गर्छन्।',
      agentsOnly: 'वेबहुक एजेन्ट र एजेन्सीका कर्मचारीका लागि मात्र हो।',
      add: 'वेबहुक थप्नुहोस्',
      url: 'ठेगाना (https://…)',
      events: 'पठाउने घटनाहरू',
      event: {
        'booking:held': 'बुकिङ होल्ड भयो',
        'booking:ticketed': 'टिकट जारी भयो',
        'booking:cancelled': 'बुकिङ रद्द भयो',
        'booking:refunded': 'बुकिङ फिर्ता भयो',
        'flight:disrupted': 'उडान अवरुद्ध भयो',
        'wallet:low': 'वालेट कम भयो',
        'webhook:test': 'परीक्षण',
      },
      secretOnce: '{{url}} को हस्ताक्षर गोप्य कुञ्जी। अहिले नै प्रतिलिपि गर्नुहोस्: यो एक पटक मात्र देखाइन्छ।',
      stored: 'मैले राखें',
      none: 'तपाईंको कुनै वेबहुक छैन।',
      yours: 'तपाईंका वेबहुकहरू',
      disabled: 'असफल भएपछि बन्द गरियो: फेरि सुरु गर्न फेरि थप्नुहोस्।',
      test: 'परीक्षण पठाउनुहोस्',
      testSent: '{{url}} मा परीक्षण घटना पठाइयो।',
      showDeliveries: 'डेलिभरीहरू',
      hideDeliveries: 'डेलिभरीहरू लुकाउनुहोस्',
      deliveriesOf: '{{url}} मा डेलिभरीहरू',
      noDeliveries: 'अहिलेसम्म केही पठाइएको छैन।',
      when: 'कहिले',
      type: 'घटना',
      state: 'स्थिति',
      attempts: 'प्रयास',
      answer: 'अन्तिम जवाफ',
      states: { pending: 'पर्खिँदै', delivered: 'पुग्यो', failed: 'असफल' },
      redeliver: 'फेरि पठाउनुहोस्',
      redelivered: 'घटना फेरि पठाइँदैछ।',
      remove: 'मेटाउनुहोस्',
      confirmRemove: '{{url}} को वेबहुक मेटाउने? त्यसपछि त्यहाँ केही पठाइँदैन।',
    },
  },
};

/** The text key of an event's name ("booking.held" → webhooks.event.booking:held). */
export const eventKey = (event: string) => `webhooks.event.${event.replaceAll('.', ':')}`;
