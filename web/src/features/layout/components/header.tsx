import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppStore, useSiteConfig } from '../../../app/context';
import { assetUrl } from '../../../config/site-config';
import { browserStorage } from '../../../lib/browser-storage';
import { contactData, dialablePhone, displayPhone, headerLogoHref } from '../brand-links';

/** Seed §2 header: hidden for hideNavbar, for the Global IME brand, or with ?hideTitle. */
export function Header() {
  const config = useSiteConfig();
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
      data-sticky={sticky ? 'true' : undefined}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a
          href={headerLogoHref(config)}
          className="flex shrink-0 items-center"
          aria-label={`${config.displayName} home`}
        >
          <img
            src={assetUrl(config, config.headerLogo)}
            alt={config.displayName}
            width={176}
            height={38}
            className="h-9 w-auto"
          />
        </a>
        <nav className="flex items-center gap-3 text-sm" aria-label="Account">
          {config.isAppSdk && <AppSdkContact />}
          <AccountMenu />
        </nav>
      </div>
    </header>
  );
}

function AppSdkContact() {
  const config = useSiteConfig();
  const contact = contactData(config);
  const mobile = contact.mobile ? dialablePhone(contact.mobile) : '';
  return (
    <details className="relative" data-testid="app-sdk-contact">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full px-3 py-2 hover:bg-slate-100 dark:hover:bg-slate-800">
        <span aria-hidden="true">🎧</span>
        <span className="hidden sm:inline">Customer care</span>
      </summary>
      <div className="absolute right-0 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <ul className="space-y-2">
          {contact.telephone_no && (
            <li>
              Telephone:{' '}
              <a className="underline" href={`tel:${contact.telephone_no}`}>
                {contact.telephone_no}
              </a>
            </li>
          )}
          {mobile && (
            <li>
              Mobile: {displayPhone(contact.mobile)}
              <div className="mt-1 flex gap-3">
                <a className="underline" href={`tel:${mobile}`}>
                  Call
                </a>
                <a className="underline" href={`viber://chat?number=${encodeURIComponent(mobile)}`}>
                  Viber
                </a>
                <a className="underline" href={`https://wa.me/${mobile.replace('+', '')}`}>
                  WhatsApp
                </a>
              </div>
            </li>
          )}
          {contact.email && (
            <li>
              E-mail:{' '}
              <a className="underline" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </li>
          )}
        </ul>
      </div>
    </details>
  );
}

function AccountMenu() {
  const config = useSiteConfig();
  const user = useAppStore((s) => s.user);
  const storedUser = browserStorage.getJson<{ name?: string }>(config.userDataKey);
  const loggedIn = Boolean(user || storedUser);
  if (!loggedIn) {
    return (
      <>
        <Link
          to="/auth/login"
          className="rounded-full px-3 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          Log In
        </Link>
        {config.selfLogin && (
          <Link
            to="/auth/signup"
            className="rounded-full bg-brand px-4 py-2 font-medium text-brand-contrast hover:opacity-90"
          >
            Sign Up
          </Link>
        )}
      </>
    );
  }
  return <ProfileDropdown />;
}

function ProfileDropdown() {
  const config = useSiteConfig();
  const user = useAppStore((s) => s.user);
  const profileLoading = useAppStore((s) => s.ui.profileLoading);
  const clearUserDetails = useAppStore((s) => s.clearUserDetails);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  const title = user
    ? `${user.firstName} ${user.lastName}`.trim() || 'User'
    : profileLoading
      ? 'Loading...'
      : 'User';
  const logout = () => {
    browserStorage.remove(
      config.userDataKey,
      config.contactDataKey,
      config.userTokenName,
      config.accessTokenName,
    );
    clearUserDetails();
    setOpen(false);
    toast.success('Logged out successfully');
    navigate('/');
  };

  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="rounded-full border border-slate-300 px-4 py-2 font-medium dark:border-slate-600"
      >
        {title}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <Link
            role="menuitem"
            to="/user/bookings"
            className="block px-4 py-2 hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={() => setOpen(false)}
          >
            My Bookings
          </Link>
          <Link
            role="menuitem"
            to="/user/tickets"
            className="block px-4 py-2 hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={() => setOpen(false)}
          >
            My Tickets
          </Link>
          {user && user.type !== 'individual' && (
            <button
              role="menuitem"
              type="button"
              className="block w-full px-4 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
              onClick={() => setOpen(false)}
            >
              Set Commission
            </button>
          )}
          <button
            role="menuitem"
            type="button"
            className="block w-full px-4 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={logout}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
