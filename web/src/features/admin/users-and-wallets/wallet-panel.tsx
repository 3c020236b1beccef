import { useState } from 'react';
import type { AdminUser } from '#shared/admin';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { formatWhen, Pager, TableHead } from '../shared/admin-ui';
import { useWalletLedger, walletCsvUrl } from './api/get-wallet-ledger';
import { useTopUpWallet } from './api/top-up-wallet';
import { CreditAndStatements } from './credit-and-statements';
import { WalletCreditForm } from './wallet-credit-form';

/** One agent's wallet: balance, top-up with a reference, the ledger and its CSV export. */
export function WalletPanel(props: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = props;
  const name = `${user.firstName} ${user.lastName}`;
  const [page, setPage] = useState(1);
  const ledger = useWalletLedger(user.id, page);
  const language = currentLanguage();
  const currency = (ledger.data?.currency ?? user.walletCurrency) as CurrencyCode;
  const money = (amount: number) => formatMoney(amount, currency, language);

  return (
    <section
      aria-labelledby="wallet-heading"
      className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="wallet-heading" className="text-xl font-semibold">
          {t('admin.wallet.title', { name })}
        </h2>
        <button type="button" className={secondaryButtonClass} onClick={props.onClose}>
          {t('admin.wallet.close')}
        </button>
      </div>
      <p className="mt-2 text-lg" data-testid="wallet-balance">
        {t('admin.wallet.balance')}: <strong>{money(ledger.data?.balance ?? user.walletBalance)}</strong>
      </p>
      <TopUpForm userId={user.id} accountName={name} currency={currency} />
      <CreditAndStatements userId={user.id} accountName={name} currency={currency} />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">{t('admin.wallet.ledger')}</h3>
        <a className={secondaryButtonClass} href={walletCsvUrl(user.id)} download>
          {t('admin.wallet.downloadCsv')}
        </a>
      </div>
      {ledger.isError && <p role="alert">{t('messages.genericError')}</p>}
      {ledger.data && (
        <>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('admin.wallet.ledger')}</caption>
              <TableHead
                columns={['when', 'kind', 'reference', 'note', 'amount', 'balanceAfter'].map((c) =>
                  t(`admin.wallet.${c}`),
                )}
              />
              <tbody>
                {ledger.data.items.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-200 dark:border-slate-700">
                    <td className="py-2 pr-3">{formatWhen(entry.createdAt, language)}</td>
                    <td className="py-2 pr-3">{t(`admin.wallet.kinds.${entry.kind}`)}</td>
                    <td className="py-2 pr-3">{entry.reference ?? entry.pnr ?? ''}</td>
                    <td className="py-2 pr-3">{entry.note ?? ''}</td>
                    <td className={`py-2 pr-3 ${entry.amount < 0 ? 'text-red-700 dark:text-red-400' : ''}`}>
                      {money(entry.amount)}
                    </td>
                    <td className="py-2 pr-3">{money(entry.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {ledger.data.items.length === 0 && <p className="py-4">{t('admin.wallet.empty')}</p>}
          </div>
          <Pager {...ledger.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}

const TOP_UP_TEXT = {
  action: 'admin.wallet.topUp',
  amount: 'admin.wallet.amountLabel',
  reference: 'admin.wallet.referenceLabel',
  referenceRequired: 'admin.wallet.referenceRequired',
  done: 'admin.wallet.toppedUp',
} as const;

function TopUpForm(props: { userId: string; accountName: string; currency: CurrencyCode }) {
  const topUp = useTopUpWallet(props.userId);
  return (
    <WalletCreditForm
      currency={props.currency}
      accountName={props.accountName}
      text={TOP_UP_TEXT}
      credit={topUp}
      withNote
    />
  );
}
