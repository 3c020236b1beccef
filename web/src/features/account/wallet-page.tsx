import { useId, useState } from 'react';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { FieldError } from '../../components/ui/field-error';
import { fieldClass, secondaryButtonClass } from '../../components/ui/form-styles';
import { LocaleDateInput } from '../../components/ui/locale-date-input';
import { SignInFirst } from '../../components/ui/sign-in-first';
import { addDays, todayInNepal } from '../../lib/dates';
import { addTranslations, currentLanguage, useTranslation } from '../../lib/i18n';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { accountStrings } from './account-strings';
import { statementUrl, useWallet } from './api/get-wallet';
import { DepositRequestForm } from './components/deposit-request-form';
import { WalletLedger } from './components/wallet-ledger';
import { walletStrings } from './wallet-strings';

addTranslations(accountStrings);
addTranslations(walletStrings);

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';

/**
 * Account → Wallet (docs/finance-statements.md): the agent's balance and credit, the ledger, a
 * top-up request (a bank deposit for finance to approve) and statement downloads.
 */
export function WalletPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (!user) return <SignInFirst title={t('wallet.title')} next="/account/wallet" />;
  if (user.type !== 'agent' && user.type !== 'admin') {
    return (
      <section className="grid gap-4">
        <h1 className="text-2xl font-semibold">{t('wallet.title')}</h1>
        <p>{t('wallet.agentsOnly')}</p>
      </section>
    );
  }
  return <AgentWallet />;
}

function AgentWallet() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const today = todayInNepal();
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const invalid = !from || !to || to < from;
  const money = (amount: number) =>
    formatMoney(amount, (wallet.data?.currency ?? 'NPR') as CurrencyCode, currentLanguage());
  return (
    <section className="grid grid-cols-1 gap-6" aria-labelledby="wallet-title">
      <h1 id="wallet-title" className="text-2xl font-semibold">
        {t('wallet.title')}
      </h1>
      {wallet.isError && <p role="alert">{t('messages.genericError')}</p>}
      {wallet.data && (
        <dl className={`${card} grid grid-cols-2 gap-4 sm:grid-cols-4`} data-testid="agent-wallet">
          <div>
            <dt className="text-sm">{t('wallet.balance')}</dt>
            <dd className="text-lg font-semibold">{money(wallet.data.balance)}</dd>
          </div>
          <div>
            <dt className="text-sm">{t('wallet.creditLimit')}</dt>
            <dd className="text-lg font-semibold">{money(wallet.data.creditLimit)}</dd>
          </div>
          <div>
            <dt className="text-sm">{t('wallet.creditUsed')}</dt>
            <dd className="text-lg font-semibold">{money(wallet.data.creditUsed)}</dd>
          </div>
          <div>
            <dt className="text-sm">{t('wallet.available')}</dt>
            <dd className="text-lg font-semibold">{money(wallet.data.available)}</dd>
          </div>
        </dl>
      )}
      <WalletLedger card={card} />
      <DepositRequestForm card={card} currency={(wallet.data?.currency ?? 'NPR') as CurrencyCode} />
      <section className={card} aria-labelledby="statement-title">
        <h2 id="statement-title" className="text-lg font-semibold">
          {t('wallet.statement')}
        </h2>
        <p className="mt-1 text-sm">{t('wallet.statementIntro')}</p>
        <div className="mt-3 flex flex-wrap items-end gap-4">
          <DateInputField label={t('wallet.from')} value={from} max={today} onChange={setFrom} />
          <DateInputField
            label={t('wallet.to')}
            value={to}
            max={today}
            error={invalid ? t('wallet.rangeInvalid') : undefined}
            onChange={setTo}
          />
          {(['csv', 'xlsx'] as const).map((format) => (
            <a
              key={format}
              className={`${secondaryButtonClass} ${invalid ? 'pointer-events-none opacity-50' : ''}`}
              aria-disabled={invalid || undefined}
              href={invalid ? undefined : statementUrl(from, to, format)}
              download
            >
              {t(`wallet.download.${format}`)}
            </a>
          ))}
        </div>
      </section>
    </section>
  );
}

/** A labelled date in the language's order (DD/MM/YYYY in English), whatever the browser's locale. */
function DateInputField(props: {
  label: string;
  value: string;
  max: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {props.label}
      </label>
      <LocaleDateInput
        id={id}
        value={props.value}
        max={props.max}
        className={fieldClass(Boolean(props.error))}
        invalid={Boolean(props.error)}
        describedBy={props.error ? `${id}-error` : undefined}
        onChange={props.onChange}
      />
      <FieldError id={`${id}-error`} error={props.error} />
    </div>
  );
}
