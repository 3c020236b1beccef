import type { ErrorCode } from '#shared/errors';

/**
 * The API's errors (shared/src/errors.ts) in Nepali, by code, loaded with the Nepali strings. In
 * English the server's own message is shown. Per-field messages (`data.fields`) stay in English.
 */
export const apiErrorsNe: Record<ErrorCode | 'NETWORK', string> = {
  VALIDATION_FAILED: 'पठाइएका केही विवरण मिलेनन्।',
  INVALID_JSON: 'अनुरोध मिलेन।',
  UNAUTHENTICATED: 'अगाडि बढ्न कृपया लग इन गर्नुहोस्।',
  WEBHOOK_SIGNATURE_INVALID: 'घटनाको हस्ताक्षर मान्य छैन।',
  FORBIDDEN: 'तपाईंलाई यो गर्ने अनुमति छैन।',
  STAFF_OWN_ACCOUNT: 'कर्मचारीले आफ्नै वा अर्को कर्मचारीको खातामा रकम, क्रेडिट वा कमिसन दिन सक्दैनन्।',
  NOT_FOUND: 'तपाईंले खोज्नुभएको पृष्ठ वा वस्तु छैन।',
  METHOD_NOT_ALLOWED: 'यहाँ यो कार्य गर्न मिल्दैन।',
  INVALID_CREDENTIALS: 'इमेल, मोबाइल नम्बर वा पासवर्ड मिलेन।',
  INVALID_CLIENT_CREDENTIALS: 'क्लाइन्ट आईडी वा सिक्रेट मिलेन।',
  INVALID_CUSTOMER_TOKEN: 'यो साइन-इन लिङ्कको म्याद सकियो। कृपया फेरि खोल्नुहोस्।',
  CROSS_SITE_REQUEST: 'यो अनुरोध अर्को साइटबाट आएकाले अस्वीकार गरियो।',
  ACCOUNT_SUSPENDED: 'यो खाता निलम्बित छ। कृपया एजेन्सीलाई सम्पर्क गर्नुहोस्।',
  SIGNUP_DISABLED: 'यो साइटमा साइन अप उपलब्ध छैन।',
  INVALID_RESET_TOKEN: 'पासवर्ड परिवर्तन गर्ने लिङ्क मिलेन वा म्याद सकियो।',
  INVALID_INVITATION: 'यो निम्तो लिङ्क मिलेन, फिर्ता लिइयो वा म्याद सकियो।',
  CONFLICT: 'यो पहिलेको विवरणसँग बाझियो।',
  EMAIL_TAKEN: 'यो इमेल ठेगानाको खाता पहिले नै छ।',
  MOBILE_TAKEN: 'यो मोबाइल नम्बरको खाता पहिले नै छ।',
  GUEST_CONTACT_HAS_ACCOUNT: 'यो इमेल वा मोबाइल नम्बरको खाता पहिले नै छ। कृपया त्यही खातामा लगइन गर्नुहोस्।',
  NOT_A_GUEST: 'तपाईंको खाता पहिले नै छ।',
  PRICE_CHANGED: 'यो उडानको मूल्य परिवर्तन भएको छ।',
  SOLD_OUT: 'माफ गर्नुहोस्, यो भाडामा सिट बाँकी छैन।',
  UNPAID_BOOKINGS_LIMIT: 'भुक्तानी बाँकी बुकिङ धेरै भए। पहिले एउटाको भुक्तानी गर्नुहोस् वा रद्द गर्नुहोस्।',
  UNPAID_SEATS_LIMIT: 'यो उडानमा भुक्तानी बाँकी सिट धेरै भए। पहिले राखिएका सिटको भुक्तानी गर्नुहोस्।',
  OFFER_EXPIRED: 'यो उडान अब उपलब्ध छैन। कृपया फेरि खोज्नुहोस्।',
  IDEMPOTENCY_KEY_REUSED: 'यो अनुरोध पहिले नै फरक विवरणसँग पठाइएको थियो।',
  FLIGHT_CANCELLED: 'यो बुकिङको उडान रद्द भयो। अर्को उडान वा फिर्ता रोज्नुहोस्।',
  NO_OPEN_DISRUPTION: 'यो बुकिङमा जवाफ पर्खिरहेको उडान परिवर्तन छैन।',
  CHANGE_NOT_ALLOWED: 'यो बुकिङको मिति अहिले परिवर्तन गर्न मिल्दैन।',
  CHANGE_NOT_SUPPORTED:
    'बाहिरी एयरलाइन प्रणालीबाट बुक गरिएको उडानको मिति अनलाइन परिवर्तन गर्न अझै मिल्दैन। कृपया एजेन्सीलाई सम्पर्क गर्नुहोस्।',
  CHANGE_REFUSED: 'एयरलाइनले यो मिति परिवर्तन दिँदैन। बुकिङ जस्ताको तस्तै छ: अर्को उडान वा मिति छान्नुहोस्।',
  CHANGE_PENDING_CONFIRMATION:
    'एयरलाइनले समयमै जवाफ दिएन। हामी एयरलाइनसँग परिवर्तन पक्का गर्दैछौं: पक्का भएपछि बुकिङमा देखिन्छ, नभए राखिएको रकम वालेटमा फर्किन्छ।',
  CHANGE_PAYMENT_UNAVAILABLE:
    'शुल्क लाग्ने मिति परिवर्तन एजेन्टको वालेटबाट तिरिन्छ। यो बुकिङ परिवर्तन गर्न कृपया एजेन्सीलाई सम्पर्क गर्नुहोस्।',
  REFUND_NOT_MANUAL: 'यो फिर्ता हातले गरिने होइन, त्यसैले फिर्ता गरिएको भनी चिनो लगाउन मिल्दैन।',
  REFUND_ALREADY_COMPLETED: 'यो फिर्ता पहिले नै फिर्ता गरिएको भनी दर्ता भइसकेको छ।',
  REBOOKING_NOT_ALLOWED: 'यो उडानले रद्द उडानलाई बदल्न सक्दैन। दिइएका उडानमध्ये एउटा रोज्नुहोस्।',
  BOOKING_EXPIRED: 'सिट धेरै समय होल्ड भएकाले छोडिए।',
  BOOKING_NOT_PAYABLE: 'यो बुकिङको भुक्तानी गर्न मिल्दैन।',
  PAYMENT_METHOD_UNAVAILABLE: 'यो भुक्तानी विधि यहाँ उपलब्ध छैन।',
  INSUFFICIENT_FUNDS: 'यो बुकिङका लागि वालेटमा पर्याप्त रकम छैन।',
  CREDIT_LIMIT_EXCEEDED: 'यो भुक्तानी वालेटको रकम र क्रेडिट सीमाभन्दा बढी छ।',
  CANCELLATION_NOT_ALLOWED: 'यो बुकिङ अहिले रद्द गर्न मिल्दैन।',
  CHILD_WITHOUT_ADULT: 'बालबालिका वयस्क बिना यात्रा गर्न सक्दैनन्: बच्चालाई पनि रद्द गर्नुहोस् वा एक जना वयस्क राख्नुहोस्।',
  VOID_WINDOW_CLOSED: 'टिकट जारी भएकै दिन नेपाल समय राति ११:०० बजेसम्म मात्र भोइड गर्न सकिन्छ।',
  VOID_NOT_ALLOWED: 'यो बुकिङ भोइड गर्न मिल्दैन।',
  BOOKING_NOT_TICKETED: 'यो बुकिङको ई-टिकट अझै जारी भएको छैन।',
  PAYLOAD_TOO_LARGE: 'अनुरोध धेरै ठूलो भयो।',
  UNSUPPORTED_MEDIA_TYPE: 'अनुरोध मिलेन।',
  RATE_LIMITED: 'धेरै प्रयास भए। कृपया केही बेर पर्खेर फेरि प्रयास गर्नुहोस्।',
  BRAND_NOT_FOUND: 'यो साइट अझै मिलाइएको छैन।',
  PAYMENT_NOT_VERIFIED: 'भुक्तानी पुष्टि हुन सकेन।',
  PAYMENT_GATEWAY_UNAVAILABLE: 'भुक्तानी सेवाले जवाफ दिएन। कृपया फेरि प्रयास गर्नुहोस् वा अर्को विधि छान्नुहोस्।',
  PAYMENT_ALREADY_PAID: 'यो अर्डरको भुक्तानी पहिले नै भइसकेको छ।',
  SUPPLIER_UNAVAILABLE: 'एयरलाइनको बुकिङ प्रणालीले जवाफ दिइरहेको छैन। फेरि प्रयास गर्नुहोस् वा अर्को उडान छान्नुहोस्।',
  SERVICE_UNAVAILABLE: 'सेवा केही बेर उपलब्ध छैन। कृपया फेरि प्रयास गर्नुहोस्।',
  INTERNAL: 'माफ गर्नुहोस्, केही गडबड भयो।',
  NETWORK: 'तपाईं अफलाइन हुनुहुन्छ जस्तो छ। जडान जाँचेर फेरि प्रयास गर्नुहोस्।',
  INVALID_API_KEY: 'यो API कुञ्जी मिलेन वा रद्द गरिएको छ।',
  API_KEY_SCOPE: 'यो API कुञ्जीलाई यो गर्ने अनुमति छैन।',
  PRICE_ALERT_LIMIT: 'एउटा खाताले राख्न सक्ने सबै भाडा सूचना राखिसकियो। पहिले एउटा हटाउनुहोस्।',
  WEBHOOK_TARGET_REFUSED: 'यो ठेगानाले वेबहुक पाउन सक्दैन। सार्वजनिक ठेगाना प्रयोग गर्नुहोस्।',
};

/**
 * A lockout with when to try again (docs/web.md#messages-toasts-money-and-connections), in Nepali; in English
 * the server's own message says it ("Please try again in 10 minutes.").
 */
export const apiWaitsNe = {
  RATE_LIMITED_SECONDS: 'धेरै प्रयास भए। कृपया {{count, digits}} सेकेन्डपछि फेरि प्रयास गर्नुहोस्।',
  RATE_LIMITED_MINUTES: 'धेरै प्रयास भए। कृपया {{count, digits}} मिनेटपछि फेरि प्रयास गर्नुहोस्।',
};
