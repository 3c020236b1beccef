import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/format-money';
import { isAgentUserType } from '#shared/user-types';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useProfileLoading, useSignedInUser } from '../../../lib/session/signed-in-user';
import { useLogout } from '../../session/use-session';
import { LanguageSwitch } from './language-switch';
import { useCloseOnOutsideClick } from './use-close-on-outside-click';

// Loaded when opened: most visitors never set a commission.
const CommissionModal = lazy(() =>
  import('../../../features/account/components/commission-modal').then((m) => ({
    default: m.CommissionModal,
  })),
);

/** An agent's prepaid wallet, shown at the top of the profile menu (docs/web.md#every-phone-width). */
function WalletBalance(props: { balance: number; currency: string }) {
  const { t } = useTranslation();
  const currency = props.currency === 'USD' ? 'USD' : 'NPR';
  return (
    <p data-testid="header-wallet" className="border-b border-slate-200 px-4 py-2.5 dark:border-slate-700">
      <span className="block text-xs text-slate-600 dark:text-slate-400">{t('header.walletBalance')}</span>
      <span className="font-semibold">{formatMoney(props.balance, currency, currentLanguage())}</span>
    </p>
  );
}

/** Spec §2 profile dropdown; an agent's wallet balance heads it (docs/web.md#every-phone-width). */
export function ProfileDropdown() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const profileLoading = useProfileLoading();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [commissionOpen, setCommissionOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useCloseOnOutsideClick(open, container, close);

  /** The entries on screen (the language entry shows only under 640 px). */
  const shownItems = () =>
    [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].filter(
      (item) => item.offsetParent !== null,
    );

  /** The menu pattern: arrows move between entries, Escape closes and returns to the button, Tab leaves. */
  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const items = shownItems();
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
        const items = shownItems();
        items?.[focus === 'first' ? 0 : items.length - 1]?.focus();
      });
  };

  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const title = name || (profileLoading ? t('header.loading') : t('header.user'));
  const itemClass =
    'flex min-h-11 w-full items-center px-4 text-left hover:bg-slate-100 dark:hover:bg-slate-800';
  const wallet = user && isAgentUserType(user.type) && user.wallet_balance !== undefined;
  const agentOrAdmin = user?.type === 'agent' || user?.type === 'admin';
  /** An entry that goes to a page, closing the menu. */
  const menuLink = (to: string, label: string) => (
    <Link role="menuitem" to={to} className={itemClass} onClick={() => setOpen(false)}>
      {t(label)}
    </Link>
  );

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
        className="min-h-11 max-w-32 truncate rounded-full border border-slate-300 px-3 font-medium sm:max-w-40 sm:px-4 dark:border-slate-600"
      >
        {title}
      </button>
      {open && (
        <div className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          {/* Read beside the menu, not one of its entries: the arrows move between the actions. */}
          {wallet && user && (
            <WalletBalance balance={user.wallet_balance ?? 0} currency={user.wallet_currency ?? 'NPR'} />
          )}
          <div ref={menu} role="menu" aria-label={title} tabIndex={-1} onKeyDown={onMenuKeyDown}>
            {menuLink('/user/bookings', 'header.myBookings')}
            {menuLink('/user/tickets', 'header.myTickets')}
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
            {agentOrAdmin && menuLink('/account/api-keys', 'header.apiKeys')}
            {agentOrAdmin && menuLink('/account/webhooks', 'header.webhooks')}
            {user?.type === 'agent' &&
              user.master_agent === true &&
              menuLink('/account/sub-agents', 'header.subAgents')}
            {agentOrAdmin && menuLink('/account/wallet', 'header.wallet')}
            {menuLink('/account/tax-details', 'header.taxDetails')}
            {menuLink('/account/price-alerts', 'header.priceAlerts')}
            {/* Under 640 px the language moves here; Logout stays the last entry. */}
            <LanguageSwitch role="menuitem" className={`${itemClass} sm:hidden`} />
            {menuLink('/auth/password', 'header.changePassword')}
            {menuLink('/account/sessions', 'header.sessions')}
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
