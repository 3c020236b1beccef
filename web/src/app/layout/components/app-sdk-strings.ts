import { addTranslations } from '../../../lib/i18n';

/** The app-SDK bar's and the refused sign-in's strings: loaded with them, only in app-SDK visits. */
export const appSdkStrings = {
  en: {
    appSdk: {
      nav: 'App',
      flights: 'Flights',
      profile: 'Profile',
      close: 'Close',
      notSignedIn: 'You are not signed in.',
      backToApp: 'Back to the {{name}} app',
      signInRefusedTitle: 'We could not sign you in',
      signInRefused:
        'The sign-in link from {{name}} has expired or was already used. Go back to the {{name}} app and open Flights again.',
      needHelp: 'Need help? Contact {{name}}:',
    },
  },
  ne: {
    appSdk: {
      nav: 'एप',
      flights: 'उडानहरू',
      profile: 'प्रोफाइल',
      close: 'बन्द गर्नुहोस्',
      notSignedIn: 'तपाईं साइन इन हुनुहुन्न।',
      backToApp: '{{name}} एपमा फर्कनुहोस्',
      signInRefusedTitle: 'हामी तपाईंलाई साइन इन गर्न सकेनौं',
      signInRefused:
        '{{name}} बाट आएको साइन-इन लिङ्कको म्याद सकियो वा यो पहिले नै प्रयोग भइसकेको छ। {{name}} एपमा फर्केर उडानहरू फेरि खोल्नुहोस्।',
      needHelp: 'सहायता चाहिन्छ? {{name}} लाई सम्पर्क गर्नुहोस्:',
    },
  },
};

addTranslations(appSdkStrings);
