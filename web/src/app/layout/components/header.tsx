import { Link, useLocation, useSearchParams } from 'react-router';
import { assetUrl } from '../../../config/site-config';
import { useAppStore, useSiteConfig } from '../../../lib/app-context';
import { useTranslation } from '../../../lib/i18n';
import { useSignedInUser, useStoredUserData } from '../../../lib/session/signed-in-user';
import { headerLogoHref } from '../brand-links';
import { ContactBlock } from './contact-block';
import { LanguageSwitch } from './language-switch';
import { ProfileDropdown } from './profile-menu';
import { SignedOutMenu } from './signed-out-menu';

/** Seed §2 header: hidden for hideNavbar, for the Global IME brand, or with ?hideTitle. */
export function Header() {
  const config = useSiteConfig();
  const { t } = useTranslation();
  const hideNavbar = useAppStore((s) => s.ui.hideNavbar);
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  if (hideNavbar || config.hideNavbar || searchParams.has('hideTitle')) return null;

  const sticky = pathname.toLowerCase() === '/booking';
  return (
    <header
      className={`z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95 ${
        sticky ? 'sticky top-0 shadow-sm' : ''
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <a
          href={headerLogoHref(config)}
          className="flex min-h-11 shrink-0 items-center"
          aria-label={t('brand.home', { name: config.displayName })}
        >
          <img
            src={assetUrl(config, config.headerLogo)}
            alt={config.displayName}
            width={176}
            height={38}
            className="h-8 w-auto sm:h-9"
          />
        </a>
        <nav className="flex min-w-0 items-center gap-1 text-sm sm:gap-2" aria-label={t('header.account')}>
          {config.isAppSdk && <AppSdkContact />}
          {/* Under 640 px the language moves into the menu (and stays in the footer). */}
          <LanguageSwitch className="hidden min-h-11 items-center rounded-full px-3 font-medium hover:bg-slate-100 sm:inline-flex dark:hover:bg-slate-800" />
          <AccountMenu />
        </nav>
      </div>
    </header>
  );
}

function AppSdkContact() {
  const { t } = useTranslation();
  return (
    <details className="relative" data-testid="app-sdk-contact">
      <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1 rounded-full px-3 hover:bg-slate-100 dark:hover:bg-slate-800">
        <span aria-hidden="true">🎧</span>
        <span className="hidden sm:inline">{t('header.customerCare')}</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <ContactBlock />
      </div>
    </details>
  );
}

function AccountMenu() {
  const config = useSiteConfig();
  const { t } = useTranslation();
  const user = useSignedInUser();
  const storedUser = useStoredUserData();
  if (!user && !storedUser) {
    return (
      <>
        <Link
          to="/auth/login"
          className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-3 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          {t('header.logIn')}
        </Link>
        {config.selfLogin && (
          <Link
            to="/auth/signup"
            className="hidden min-h-11 items-center whitespace-nowrap rounded-full bg-brand px-4 font-medium text-brand-contrast hover:opacity-90 sm:inline-flex"
          >
            {t('header.signUp')}
          </Link>
        )}
        <SignedOutMenu selfLogin={config.selfLogin} />
      </>
    );
  }
  return <ProfileDropdown />;
}
