/**
 * The form messages of the API's schemas (shared/src: accounts, bookings, flights, airports) in
 * Nepali, by their English text: a field shows the schema's own message, in the browser or from
 * the server's `data.fields`, and in Nepali it reads this one. Numbers are the schemas' constants;
 * web/src/locales/locales.test.ts checks every message of those schemas is here. Examples a
 * traveller types (2026-05-01, KTM, +977 98XXXXXXXX) stay as they are typed.
 */
const passengers = { adults: 'वयस्क', children: 'बालबालिका', infants: 'शिशु' };

export const formErrorsNe: Record<string, string> = {
  'Commission % must range from 0 to 20%.': 'कमिसन ० देखि २० प्रतिशतसम्म हुनुपर्छ।',
  'Enter your e-mail address.': 'आफ्नो इमेल ठेगाना लेख्नुहोस्।',
  'Enter a valid e-mail address, such as name@example.com.': 'name@example.com जस्तो मान्य इमेल ठेगाना लेख्नुहोस्।',
  'Enter your mobile number.': 'आफ्नो मोबाइल नम्बर लेख्नुहोस्।',
  'Enter a Nepali mobile number such as +977 98XXXXXXXX.': '+977 98XXXXXXXX जस्तो नेपाली मोबाइल नम्बर लेख्नुहोस्।',
  'Enter a password.': 'पासवर्ड लेख्नुहोस्।',
  'Use at least 8 characters.': 'कम्तीमा ८ अक्षर प्रयोग गर्नुहोस्।',
  'Use at most 128 characters.': 'बढीमा १२८ अक्षर प्रयोग गर्नुहोस्।',
  'Use at most 254 characters.': 'बढीमा २५४ अक्षर प्रयोग गर्नुहोस्।',
  'Use at most 80 characters.': 'बढीमा ८० अक्षर प्रयोग गर्नुहोस्।',
  'Use at most 60 characters.': 'बढीमा ६० अक्षर प्रयोग गर्नुहोस्।',
  'Enter a name.': 'नाम लेख्नुहोस्।',
  'Enter your e-mail or mobile number.': 'आफ्नो इमेल वा मोबाइल नम्बर लेख्नुहोस्।',
  'Enter your password.': 'आफ्नो पासवर्ड लेख्नुहोस्।',
  'Enter your current password.': 'आफ्नो हालको पासवर्ड लेख्नुहोस्।',
  'Send the clientCustomerToken.': 'clientCustomerToken पठाउनुहोस्।',
  'Use a date like 1990-05-01.': '1990-05-01 जस्तो मिति लेख्नुहोस्।',
  'Use a date like 2026-05-01.': '2026-05-01 जस्तो मिति लेख्नुहोस्।',
  'Use a month like 2026-05.': '2026-05 जस्तो महिना लेख्नुहोस्।',
  'Write the name in English letters, as in the passport.': 'राहदानीमा जस्तै, नाम अङ्ग्रेजी अक्षरमा लेख्नुहोस्।',
  'Choose a title.': 'सम्बोधन छान्नुहोस्।',
  'Choose a gender.': 'लिङ्ग छान्नुहोस्।',
  'Choose a nationality.': 'राष्ट्रियता छान्नुहोस्।',
  'Choose a nationality from the list.': 'सूचीबाट राष्ट्रियता छान्नुहोस्।',
  'Enter the passport number as printed.': 'राहदानीमा छापिएजस्तै राहदानी नम्बर लेख्नुहोस्।',
  'Enter a contact name.': 'सम्पर्क व्यक्तिको नाम लेख्नुहोस्।',
  'Choose a flight.': 'उडान छान्नुहोस्।',
  'Choose at least one flight.': 'कम्तीमा एउटा उडान छान्नुहोस्।',
  'This flight choice is not valid.': 'यो उडान छनोट मान्य छैन।',
  'A booking holds at most 5 flights.': 'एउटा बुकिङमा बढीमा ५ उडान हुन्छन्।',
  'Add the passengers.': 'यात्रुहरू थप्नुहोस्।',
  'Choose an airport.': 'विमानस्थल छान्नुहोस्।',
  'Use a three-letter airport code, such as KTM.': 'KTM जस्तो तीन अक्षरको विमानस्थल कोड लेख्नुहोस्।',
  'Use a three-letter airport code, such as PKR.': 'PKR जस्तो तीन अक्षरको विमानस्थल कोड लेख्नुहोस्।',
  'Search with at most 64 characters.': 'बढीमा ६४ अक्षरले खोज्नुहोस्।',
  'Choose a date.': 'मिति छान्नुहोस्।',
  'Choose a month.': 'महिना छान्नुहोस्।',
  'Choose a departure date.': 'प्रस्थान मिति छान्नुहोस्।',
  'Choose a return date.': 'फर्कने मिति छान्नुहोस्।',
  'The return date cannot be before the departure date.': 'फर्कने मिति प्रस्थान मितिभन्दा अघि हुन सक्दैन।',
  'Choose where you fly from.': 'कहाँबाट उड्ने हो छान्नुहोस्।',
  'Choose where you fly to.': 'कहाँ उड्ने हो छान्नुहोस्।',
  'Choose one way, round trip or multi-city.': 'एकतर्फी, दोहोरो वा बहु-शहर यात्रा छान्नुहोस्।',
  'Choose economy or business class.': 'इकोनोमी वा बिजनेस श्रेणी छान्नुहोस्।',
  'Choose how many days either side to search.': 'दुवैतर्फ कति दिनसम्म खोज्ने हो छान्नुहोस्।',
  'Choose a whole number of days.': 'दिनको पूर्ण सङ्ख्या छान्नुहोस्।',
  'Choose 0 to 3 days either side.': 'दुवैतर्फ ० देखि ३ दिन छान्नुहोस्।',
  'Say true or false.': 'true वा false लेख्नुहोस्।',
  'Each infant travels on an adult’s lap: there cannot be more infants than adults.':
    'हरेक शिशु वयस्कको काखमा यात्रा गर्छ: वयस्कभन्दा बढी शिशु हुन सक्दैनन्।',
  'A multi-city trip needs at least two flights.': 'बहु-शहर यात्रामा कम्तीमा दुई उडान चाहिन्छ।',
  'A multi-city trip has at most 5 flights.': 'बहु-शहर यात्रामा बढीमा ५ उडान हुन्छन्।',
  'Check at most 5 flights at once.': 'एक पटकमा बढीमा ५ उडान जाँच्नुहोस्।',
  'At most 9 adults and children can travel on one booking.':
    'एउटा बुकिङमा बढीमा ९ वयस्क र बालबालिका यात्रा गर्न सक्छन्।',
  'At least one adult must travel.': 'कम्तीमा एक जना वयस्कले यात्रा गर्नुपर्छ।',
  ...Object.fromEntries(
    Object.entries(passengers).flatMap(([label, nepali]) => [
      [`Enter the number of ${label}.`, `${nepali}को सङ्ख्या लेख्नुहोस्।`],
      [`The number of ${label} must be a whole number.`, `${nepali}को सङ्ख्या पूर्ण सङ्ख्या हुनुपर्छ।`],
      [`The number of ${label} cannot be negative.`, `${nepali}को सङ्ख्या ऋणात्मक हुन सक्दैन।`],
      [`At most 9 ${label} can travel on one booking.`, `एउटा बुकिङमा बढीमा ९ ${nepali} यात्रा गर्न सक्छन्।`],
    ]),
  ),
  'A PAN is 9 digits.': 'प्यान ९ अङ्कको हुन्छ।',
};
