import { useSiteConfig } from '../../../lib/app-context';
import { useTranslation } from '../../../lib/i18n';
import { backToPartnerApp } from '../brand-links';
import './app-sdk-strings';
import { ContactBlock } from './contact-block';

/**
 * A partner app's sign-in link that could not be read, or whose token was unknown, used or
 * expired (docs/web.md#the-bank-app-app-sdk-mode): said plainly, with the way back to the partner's app to
 * open a new one, instead of the home page as if nothing had happened.
 */
export function AppSdkSignInRefused() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  return (
    <section
      role="alert"
      className="mx-auto grid max-w-md gap-4 py-10 text-center"
      data-testid="app-sdk-refused"
    >
      <h1 className="text-2xl font-semibold">{t('appSdk.signInRefusedTitle')}</h1>
      <p>{t('appSdk.signInRefused', { name: config.displayName })}</p>
      <button
        type="button"
        onClick={backToPartnerApp}
        className="mx-auto rounded-lg bg-brand px-5 py-3 font-semibold text-brand-contrast"
      >
        {t('appSdk.backToApp', { name: config.displayName })}
      </button>
      <div className="text-left text-sm">
        <p className="mb-2 font-semibold">{t('appSdk.needHelp', { name: config.displayName })}</p>
        <ContactBlock />
      </div>
    </section>
  );
}
