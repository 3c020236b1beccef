import { useState } from 'react';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { bsLabel, formatAdDate, localDigits, todayInNepal } from '../../../lib/dates';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useWalletEntries } from '../api/get-wallet-entries';

const cell = 'py-2 pr-3 align-top';

/** The Nepal day and time of an instant: the AD date, its BS date beside it, and the time. */
function NepalDate(props: { iso: string }) {
  const language = currentLanguage();
  const instant = new Date(props.iso);
  const day = todayInNepal(instant);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Kathmandu',
  }).format(instant);
  return (
    <>
      <span className="block">
        {formatAdDate(day, language)} {localDigits(time, language)}
      </span>
      <span className="block text-xs text-slate-600 dark:text-slate-400" lang={language}>
        {bsLabel(day, language)}
      </span>
    </>
  );
}

/**
 * The agent's ledger (docs/finance-statements.md): each entry's Nepal date (AD with BS beside it),
 * kind, PNR, amount and the balance after it, ten to a page, newest first.
 */
export function WalletLedger(props: { card: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const ledger = useWalletEntries(page);
  const language = currentLanguage();
  const money = (amount: number) =>
    formatMoney(amount, (ledger.data?.currency ?? 'NPR') as CurrencyCode, language);
  const pages = ledger.data ? Math.max(1, Math.ceil(ledger.data.total / ledger.data.pageSize)) : 1;
  return (
    <section className={props.card} aria-labelledby="ledger-title">
      <h2 id="ledger-title" className="text-lg font-semibold">
        {t('walletLedger.title')}
      </h2>
      {ledger.isError && <p role="alert">{t('messages.genericError')}</p>}
      {ledger.data && (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="wallet-ledger">
            <caption className="sr-only">{t('walletLedger.caption')}</caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-600">
                {(['date', 'kind', 'pnr', 'amount', 'balance'] as const).map((column) => (
                  <th key={column} scope="col" className="py-2 pr-3 font-semibold">
                    {t(`walletLedger.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ledger.data.items.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-200 dark:border-slate-700">
                  <td className={cell}>
                    <NepalDate iso={entry.createdAt} />
                  </td>
                  <td className={cell}>
                    {t(`walletLedger.kinds.${entry.kind}`)}
                    {entry.reference && (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        {entry.reference}
                      </span>
                    )}
                  </td>
                  <td className={`${cell} font-mono`}>{entry.pnr ?? ''}</td>
                  <td className={`${cell} ${entry.amount < 0 ? 'text-red-700 dark:text-red-400' : ''}`}>
                    {money(entry.amount)}
                  </td>
                  <td className={cell}>{money(entry.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {ledger.data.items.length === 0 && <p className="py-4">{t('walletLedger.empty')}</p>}
          {pages > 1 && (
            <nav className="mt-3 flex items-center gap-3" aria-label={t('walletLedger.title')}>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t('walletLedger.previous')}
              </button>
              <span className="text-sm">
                {localDigits(t('walletLedger.page', { page, pages }), language)}
              </span>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                {t('walletLedger.next')}
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
