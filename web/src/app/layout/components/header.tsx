import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { assetUrl } from '../../../config/site-config';
import { useAppStore, useSiteConfig } from '../../../lib/app-context';
import { useProfileLoading, useSignedInUser, useStoredUserData } from '../../../lib/session/signed-in-user';
import { useLogout } from '../../session/use-session';
import { headerLogoHref } from '../brand-links';
import { ContactBlock } from './contact-block';
import { LanguageSwitch } from './language-switch';

// Loaded when opened: most visitors never set a commission.
const CommissionModal = lazy(() =>
  import('../../../features/account/components/commission-modal').then((m) => ({
    default: m.CommissionModal,
  })),
);

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
          className="flex shrink-0 items-center"
          aria-label={t('brand.home', { name: config.displayName })}
        >
          <img
            src={assetUrl(config, config.headerLogo)}
            alt={config.displayName}
            width={176}
            height={38}
            className="h-9 w-auto"
          />
        </a>
        <nav className="flex items-center gap-1 text-sm sm:gap-2" aria-label={t('header.account')}>
          {config.isAppSdk && <AppSdkContact />}
          <LanguageSwitch />
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
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full px-3 py-2 hover:bg-slate-100 dark:hover:bg-slate-800">
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
          className="whitespace-nowrap rounded-full px-2 py-2 font-medium hover:bg-slate-100 sm:px-3 dark:hover:bg-slate-800"
        >
          {t('header.logIn')}
        </Link>
        {config.selfLogin && (
          <Link
            to="/auth/signup"
            className="whitespace-nowrap rounded-full bg-brand px-3 py-2 font-medium text-brand-contrast hover:opacity-90 sm:px-4"
          >
            {t('header.signUp')}
          </Link>
        )}
      </>
    );
  }
  return <ProfileDropdown />;
}

function ProfileDropdown() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const profileLoading = useProfileLoading();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [commissionOpen, setCommissionOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  /** The menu pattern: arrows move between entries, Escape closes and returns to the button, Tab leaves. */
  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  const openMenu = (focus: 'first' | 'last' | null) => {
    setOpen(true);
    if (focus)
      requestAnimationFrame(() => {
        const items = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
        items?.[focus === 'first' ? 0 : items.length - 1]?.focus();
      });
  };

  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const title = name || (profileLoading ? t('header.loading') : t('header.user'));
  const itemClass = 'block w-full px-4 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800';

  return (
    <div className="relative" ref={container}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={(event) => (open ? setOpen(false) : openMenu(event.detail === 0 ? 'first' : null))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
        className="max-w-40 truncate rounded-full border border-slate-300 px-4 py-2 font-medium dark:border-slate-600"
      >
        {title}
      </button>
      {open && (
        <div
          ref={menu}
          role="menu"
          aria-label={title}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <Link role="menuitem" to="/user/bookings" className={itemClass} onClick={() => setOpen(false)}>
            {t('header.myBookings')}
          </Link>
          <Link role="menuitem" to="/user/tickets" className={itemClass} onClick={() => setOpen(false)}>
            {t('header.myTickets')}
          </Link>
          {user && user.type !== 'individual' && (
            <button
              role="menuitem"
              type="button"
              className={itemClass}
              onClick={() => {
                setOpen(false);
                setCommissionOpen(true);
              }}
            >
              {t('header.setCommission')}
            </button>
          )}
          {(user?.type === 'agent' || user?.type === 'admin') && (
            <Link role="menuitem" to="/account/wallet" className={itemClass} onClick={() => setOpen(false)}>
              {t('header.wallet')}
            </Link>
          )}
          {(user?.type === 'agent' || user?.type === 'admin') && (
            <Link role="menuitem" to="/account/api-keys" className={itemClass} onClick={() => setOpen(false)}>
              {t('header.apiKeys')}
            </Link>
          )}
          <Link
            role="menuitem"
            to="/account/tax-details"
            className={itemClass}
            onClick={() => setOpen(false)}
          >
            {t('header.taxDetails')}
          </Link>
          <Link role="menuitem" to="/auth/password" className={itemClass} onClick={() => setOpen(false)}>
            {t('header.changePassword')}
          </Link>
          <button
            role="menuitem"
            type="button"
            className={itemClass}
            onClick={() => {
              setOpen(false);
              void logout();
            }}
          >
            {t('header.logout')}
          </button>
        </div>
      )}
      {commissionOpen && (
        <Suspense fallback={null}>
          <CommissionModal
            onClose={() => {
              setCommissionOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
