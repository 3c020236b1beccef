/** Price alerts' strings (the results' button, Account → Price alerts): loaded with those pages. */
export const priceAlertStrings = {
  en: {
    priceAlerts: {
      title: 'Price alerts',
      intro:
        'We look up the lowest fare of each route you watch a few times a day, and e-mail you when it drops below the one you saw (at most once a day).',
      none: 'You watch no routes. Set an alert from the results of a one-adult search.',
      watch: 'Tell me when it is cheaper',
      logInToWatch: 'Log in to get an e-mail when this route is cheaper',
      set: 'Alert set: we will e-mail you when a fare drops.',
      dates: 'Departures {{from}} – {{to}}',
      seen: 'you saw {{amount}}',
      lowest: 'lowest now {{amount}}',
      deleteShort: 'Delete',
      delete: 'Delete the alert for {{route}}',
      sms: 'Also send me an SMS at {{phone}}',
      bySms: 'by e-mail and SMS',
    },
  },
  ne: {
    priceAlerts: {
      title: 'भाडा सूचना',
      intro:
        'तपाईंले हेर्नुभएको हरेक रुटको सबैभन्दा कम भाडा हामी दिनमा केही पटक हेर्छौं, र तपाईंले देखेको भन्दा घटेमा इमेल पठाउँछौं (दिनमा एक पटकभन्दा बढी होइन)।',
      none: 'तपाईंले कुनै रुट हेरिरहनुभएको छैन। एक वयस्कको खोजको नतिजाबाट सूचना राख्नुहोस्।',
      watch: 'सस्तो हुँदा मलाई खबर गर्नुहोस्',
      logInToWatch: 'यो रुट सस्तो हुँदा इमेल पाउन लग इन गर्नुहोस्',
      set: 'सूचना राखियो: भाडा घटेमा हामी इमेल गर्नेछौं।',
      dates: 'उडान {{from}} – {{to}}',
      seen: 'तपाईंले देख्नुभएको {{amount}}',
      lowest: 'अहिलेको न्यूनतम {{amount}}',
      deleteShort: 'हटाउनुहोस्',
      delete: '{{route}} को सूचना हटाउनुहोस्',
      sms: '{{phone}} मा SMS पनि पठाउनुहोस्',
      bySms: 'इमेल र SMS मार्फत',
    },
  },
};
