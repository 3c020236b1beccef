/** The booking page's date change strings (loaded with the booking page). */
export const changeDateStrings = {
  en: {
    changeDate: {
      title: 'Change date',
      open: 'Change date',
      leg: 'Flight to change',
      date: 'New date',
      show: 'Show flights',
      none: 'No flights of this route on that date.',
      options: 'Flights on the new date',
      difference: 'Fare difference {{amount}}',
      fee: 'Change fee {{amount}}',
      due: 'To pay {{amount}}',
      choose: 'Change to this flight',
      confirmTitle: 'Move to {{flight}}?',
      confirmText:
        'Your tickets for this flight are reissued under new numbers. {{amount}} is paid from your wallet.',
      confirmFree: 'Your tickets for this flight are reissued under new numbers. Nothing is charged.',
      confirm: 'Confirm and pay {{amount}}',
      confirmGateway:
        'Your tickets for this flight are reissued under new numbers once you have paid {{amount}}. The new seats are held while you pay.',
      payWith: 'Pay the change with',
      confirmWith: 'Pay {{amount}} with {{gateway}}',
      paidDone: 'Payment received: your date is changed and new tickets are issued.',
      paidPending:
        'We are waiting for the payment gateway to confirm your payment. Your date changes as soon as it does.',
      paidFailed:
        'The payment did not go through, so your flight is unchanged. If money was taken, it is refunded.',
      paidConfirmed:
        'The payment gateway has confirmed your payment: your date is changed and new tickets are issued.',
      paidRefused:
        'Your date could not be changed, so your flight is unchanged. If money was taken, it is refunded.',
      paidStillPending:
        'The payment gateway has still not confirmed your payment. Your date changes as soon as it does and we e-mail your new tickets; look at this booking again later.',
      cancel: 'Keep my flight',
      done: 'Date changed: new tickets issued.',
      invoice: 'Tax invoice {{number}}',
      rule: 'Fare rule: {{rule}}',
    },
  },
  ne: {
    changeDate: {
      title: 'मिति परिवर्तन',
      open: 'मिति परिवर्तन',
      leg: 'परिवर्तन गर्ने उडान',
      date: 'नयाँ मिति',
      show: 'उडानहरू देखाउनुहोस्',
      none: 'त्यस मितिमा यो रुटका उडान छैनन्।',
      options: 'नयाँ मितिका उडानहरू',
      difference: 'भाडा फरक {{amount}}',
      fee: 'परिवर्तन शुल्क {{amount}}',
      due: 'तिर्नुपर्ने {{amount}}',
      choose: 'यो उडानमा सार्नुहोस्',
      confirmTitle: '{{flight}} मा सार्ने?',
      confirmText: 'यो उडानका टिकटहरू नयाँ नम्बरमा पुनः जारी हुन्छन्। {{amount}} तपाईंको वालेटबाट तिरिन्छ।',
      confirmFree: 'यो उडानका टिकटहरू नयाँ नम्बरमा पुनः जारी हुन्छन्। कुनै शुल्क लाग्दैन।',
      confirm: 'पुष्टि गरी {{amount}} तिर्नुहोस्',
      confirmGateway:
        'तपाईंले {{amount}} तिरेपछि यो उडानका टिकटहरू नयाँ नम्बरमा पुनः जारी हुन्छन्। तपाईं तिर्दासम्म नयाँ सिटहरू होल्ड गरिन्छन्।',
      payWith: 'परिवर्तन शुल्क तिर्ने माध्यम',
      confirmWith: '{{gateway}} बाट {{amount}} तिर्नुहोस्',
      paidDone: 'भुक्तानी प्राप्त भयो: तपाईंको मिति परिवर्तन भयो र नयाँ टिकट जारी भए।',
      paidPending: 'भुक्तानी गेटवेले तपाईंको भुक्तानी पुष्टि गर्न बाँकी छ। पुष्टि हुनासाथ तपाईंको मिति परिवर्तन हुन्छ।',
      paidFailed: 'भुक्तानी सफल भएन, त्यसैले तपाईंको उडान परिवर्तन भएको छैन। रकम काटिएको भए फिर्ता गरिन्छ।',
      paidConfirmed: 'भुक्तानी गेटवेले तपाईंको भुक्तानी पुष्टि गर्‍यो: तपाईंको मिति परिवर्तन भयो र नयाँ टिकट जारी भए।',
      paidRefused:
        'तपाईंको मिति परिवर्तन गर्न सकिएन, त्यसैले तपाईंको उडान परिवर्तन भएको छैन। रकम काटिएको भए फिर्ता गरिन्छ।',
      paidStillPending:
        'भुक्तानी गेटवेले अझै तपाईंको भुक्तानी पुष्टि गरेको छैन। पुष्टि हुनासाथ तपाईंको मिति परिवर्तन हुन्छ र नयाँ टिकट इमेलमा पठाइन्छ; यो बुकिङ पछि फेरि हेर्नुहोस्।',
      cancel: 'मेरो उडान राख्नुहोस्',
      done: 'मिति परिवर्तन भयो: नयाँ टिकट जारी भए।',
      invoice: 'कर बीजक {{number}}',
      rule: 'भाडा नियम: {{rule}}',
    },
  },
};
