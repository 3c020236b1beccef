import { type ReactNode, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { useSiteConfig } from '../../../lib/app-context';
import { useTranslation } from '../../../lib/i18n';
import { useSignedInUser } from '../../../lib/session/signed-in-user';
import { backToPartnerApp } from '../brand-links';
import './app-sdk-strings';
import { ContactBlock } from './contact-block';

const itemClass =
  'flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-center text-[11px] leading-tight font-medium';

/** A 24 px outline icon (decorative: every item has its text). */
function Icon(props: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d={props.path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const ICONS = {
  flights: 'M2.5 19h19M3 13.5l4 1 3.5-7 2 .5-1.5 7.5 4.5 1.2 2-2.2 1.5.4-1.2 3.6L3 13.5z',
  bookings: 'M5 4h14v16H5zM8 8h8M8 12h8M8 16h5',
  tickets:
    'M3 8a2 2 0 002-2h14a2 2 0 002 2v2a2 2 0 000 4v2a2 2 0 00-2 2H5a2 2 0 00-2-2v-2a2 2 0 000-4zM14 6v12',
  help: 'M4 14v-2a8 8 0 0116 0v2M4 14a2 2 0 002 2h1v-5H6a2 2 0 00-2 2zm16 0a2 2 0 01-2 2h-1v-5h1a2 2 0 012 2zM17 16v1a3 3 0 01-3 3h-2',
  profile: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
};

/**
 * App-SDK mode (docs/web.md#the-bank-app-app-sdk-mode): the header is hidden inside the partner's app, so a
 * compact bar at the bottom reaches flights, My Bookings, My Tickets, the customer care contact block (seed
 * §2) and the profile, with the way back to the partner's app.
 */
export function AppSdkBar() {
  const { t } = useTranslation();
  const help = useRef<HTMLDialogElement>(null);
  const profile = useRef<HTMLDialogElement>(null);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `${itemClass} ${isActive ? 'font-bold text-brand dark:text-white' : 'text-slate-700 dark:text-slate-300'}`;
  return (
    <>
      <nav
        aria-label={t('appSdk.nav')}
        data-testid="app-sdk-bar"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-900"
      >
        <ul className="mx-auto grid max-w-lg grid-cols-5">
          <li>
            <NavLink to="/" end className={navClass}>
              <Icon path={ICONS.flights} />
              {t('appSdk.flights')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/user/bookings" className={navClass}>
              <Icon path={ICONS.bookings} />
              {t('header.myBookings')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/user/tickets" className={navClass}>
              <Icon path={ICONS.tickets} />
              {t('header.myTickets')}
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className={`${itemClass} w-full text-slate-700 dark:text-slate-300`}
              onClick={() => help.current?.showModal()}
            >
              <Icon path={ICONS.help} />
              {t('header.customerCare')}
            </button>
          </li>
          <li>
            <button
              type="button"
              className={`${itemClass} w-full text-slate-700 dark:text-slate-300`}
              onClick={() => profile.current?.showModal()}
            >
              <Icon path={ICONS.profile} />
              {t('appSdk.profile')}
            </button>
          </li>
        </ul>
      </nav>
      <BottomSheet dialog={help} title={t('header.customerCare')} testId="app-sdk-help">
        <ContactBlock />
      </BottomSheet>
      <BottomSheet dialog={profile} title={t('appSdk.profile')} testId="app-sdk-profile">
        <ProfileSheet onDone={() => profile.current?.close()} />
      </BottomSheet>
    </>
  );
}

function ProfileSheet(props: { onDone: () => void }) {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const user = useSignedInUser();
  return (
    <div className="grid gap-3">
      {user ? (
        <div>
          <p className="font-semibold">{`${user.firstName} ${user.lastName}`.trim()}</p>
          {user.email && <p className="text-sm text-slate-600 dark:text-slate-400">{user.email}</p>}
          {user.phone && <p className="text-sm text-slate-600 dark:text-slate-400">{user.phone}</p>}
        </div>
      ) : (
        <p>
          {t('appSdk.notSignedIn')}{' '}
          <Link to="/auth/login" className="underline" onClick={props.onDone}>
            {t('header.logIn')}
          </Link>
        </p>
      )}
      <button
        type="button"
        onClick={backToPartnerApp}
        className="rounded-lg bg-brand px-4 py-3 font-semibold text-brand-contrast"
      >
        {t('appSdk.backToApp', { name: config.displayName })}
      </button>
    </div>
  );
}

/** A native modal dialog drawn as a sheet at the bottom of the screen; the backdrop closes it. */
function BottomSheet(props: {
  dialog: React.RefObject<HTMLDialogElement | null>;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `${props.testId}-title`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only catches the backdrop; Escape closes a native dialog
    <dialog
      ref={props.dialog}
      aria-labelledby={titleId}
      data-testid={props.testId}
      onClick={(event) => {
        if (event.target === event.currentTarget) props.dialog.current?.close();
      }}
      className="mx-auto mt-auto mb-0 w-full max-w-lg rounded-t-2xl bg-white p-0 text-slate-900 backdrop:bg-slate-950/50 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="grid gap-3 p-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
        <div className="flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold">
            {props.title}
          </h2>
          <button
            type="button"
            onClick={() => props.dialog.current?.close()}
            className="min-h-11 min-w-11 rounded-full text-xl"
            aria-label={t('appSdk.close')}
          >
            ×
          </button>
        </div>
        {props.children}
      </div>
    </dialog>
  );
}
