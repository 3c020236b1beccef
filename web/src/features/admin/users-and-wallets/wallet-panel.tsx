import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AdminUser } from '#shared/admin';
import { topUpRequest } from '#shared/admin-money';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { formatWhen, Pager, TableHead } from '../shared/admin-ui';
import { rupeesAsPaisa } from '../shared/money-input';
import { useWalletLedger, walletCsvUrl } from './api/get-wallet-ledger';
import { useTopUpWallet } from './api/top-up-wallet';
import { CreditAndStatements } from './credit-and-statements';

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
      <TopUpForm userId={user.id} currency={currency} />
      <CreditAndStatements userId={user.id} currency={currency} />
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

/** Rupees as typed → paisa; the reference and note as the API checks them (topUpRequest). */
const topUpForm = (messages: { amount: string; reference: string }) =>
  z.object({
    amount: rupeesAsPaisa(messages.amount),
    reference: z.string().trim().min(1, messages.reference).pipe(topUpRequest.shape.reference),
    note: z
      .string()
      .trim()
      .transform((note) => note || undefined)
      .pipe(topUpRequest.shape.note),
  });

const EMPTY_TOP_UP = { amount: '', reference: '', note: '' };

function TopUpForm(props: { userId: string; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const topUp = useTopUpWallet(props.userId);
  const { form, errorOf, showFailure } = useZodForm(
    topUpForm({ amount: t('admin.wallet.amountInvalid'), reference: t('admin.wallet.referenceRequired') }),
    EMPTY_TOP_UP,
  );

  const submit = form.handleSubmit((input) =>
    topUp.mutateAsync(input).then((result) => {
      notify.success(
        result.replayed
          ? t('admin.wallet.replayed')
          : t('admin.wallet.toppedUp', {
              balance: formatMoney(result.balance, props.currency, currentLanguage()),
            }),
      );
      form.reset(EMPTY_TOP_UP);
    }, showFailure),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mt-4 grid gap-4 sm:grid-cols-3"
      aria-label={t('admin.wallet.topUp')}
    >
      <TextField
        label={t('admin.wallet.amountLabel', { currency: props.currency })}
        inputMode="decimal"
        error={errorOf('amount')}
        {...form.register('amount')}
      />
      <TextField
        label={t('admin.wallet.referenceLabel')}
        error={errorOf('reference')}
        {...form.register('reference')}
      />
      <TextField label={t('admin.wallet.noteLabel')} error={errorOf('note')} {...form.register('note')} />
      <div className="sm:col-span-3">
        <SubmitButton busy={topUp.isPending}>{t('admin.wallet.topUp')}</SubmitButton>
      </div>
    </form>
  );
}
