import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { creditLimitRequest } from '#shared/wallet-statements';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { addDays, todayInNepal } from '../../../lib/dates';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { ConfirmDialog, ConfirmLine } from '../shared/confirm-dialog';
import { useWalletCredit } from './api/get-wallet-credit';
import { useRecordSettlement } from './api/record-settlement';
import { useSetCreditLimit } from './api/set-credit-limit';
import { walletStatementUrl } from './api/wallet-statement-url';
import { WalletCreditForm } from './wallet-credit-form';

/** Rupees typed for a limit ("0", "50000.50") as paisa; 0 takes the credit away. */
const limitAsPaisa = (message: string) =>
  z.string().transform((rupees, context) => {
    const text = rupees.trim().replace(/,/g, '');
    if (/^\d+(\.\d{1,2})?$/.test(text)) return Math.round(Number(text) * 100);
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** An agent's credit (limit, in use, available), its two forms, and the statement download. */
export function CreditAndStatements(props: { userId: string; accountName: string; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const credit = useWalletCredit(props.userId);
  const money = (amount: number) => formatMoney(amount, props.currency, currentLanguage());
  return (
    <div className="mt-6 grid gap-6">
      <section aria-labelledby="credit-heading">
        <h3 id="credit-heading" className="text-lg font-semibold">
          {t('admin.wallet.credit.title')}
        </h3>
        {credit.data && (
          <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3" data-testid="wallet-credit">
            <div>
              <dt>{t('admin.wallet.credit.limit')}</dt>
              <dd className="font-semibold">{money(credit.data.creditLimit)}</dd>
            </div>
            <div>
              <dt>{t('admin.wallet.credit.used')}</dt>
              <dd className="font-semibold">{money(credit.data.creditUsed)}</dd>
            </div>
            <div>
              <dt>{t('admin.wallet.credit.available')}</dt>
              <dd className="font-semibold">{money(credit.data.available)}</dd>
            </div>
          </dl>
        )}
        <CreditLimitForm {...props} />
        <SettlementForm {...props} />
      </section>
      <StatementDownload userId={props.userId} />
    </div>
  );
}

const creditLimitForm = (message: string) =>
  z.object({ creditLimit: limitAsPaisa(message).pipe(creditLimitRequest.shape.creditLimit) });

function CreditLimitForm(props: { userId: string; accountName: string; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const setLimit = useSetCreditLimit(props.userId);
  const { form, errorOf, showFailure } = useZodForm(creditLimitForm(t('admin.wallet.credit.limitInvalid')), {
    creditLimit: '',
  });
  const [pending, setPending] = useState<{ creditLimit: number } | null>(null);
  const money = (amount: number) => formatMoney(amount, props.currency, currentLanguage());
  const submit = form.handleSubmit((input) => setPending(input));
  const confirm = () => {
    if (!pending) return;
    setLimit.mutateAsync(pending).then(
      (result) => {
        setPending(null);
        toast.success(
          'approval' in result
            ? t('admin.approvals.awaiting')
            : t('admin.wallet.credit.limitSaved', { limit: money(result.creditLimit) }),
        );
        form.reset({ creditLimit: '' });
      },
      (failure: unknown) => {
        setPending(null);
        showFailure(failure);
      },
    );
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mt-4 flex flex-wrap items-end gap-4"
      aria-label={t('admin.wallet.credit.setLimit')}
    >
      <TextField
        label={t('admin.wallet.credit.limitLabel', { currency: props.currency })}
        inputMode="decimal"
        error={errorOf('creditLimit')}
        {...form.register('creditLimit')}
      />
      <SubmitButton busy={setLimit.isPending}>{t('admin.wallet.credit.setLimit')}</SubmitButton>
      <ConfirmDialog
        open={pending !== null}
        title={t('admin.cockpit.confirm.title', { action: t('admin.wallet.credit.setLimit') })}
        confirmLabel={t('admin.wallet.credit.setLimit')}
        busy={setLimit.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <ConfirmLine label={t('admin.cockpit.confirm.account')} value={props.accountName} />
        <ConfirmLine label={t('admin.cockpit.confirm.newLimit')} value={money(pending?.creditLimit ?? 0)} />
      </ConfirmDialog>
    </form>
  );
}

const SETTLEMENT_TEXT = {
  action: 'admin.wallet.credit.settle',
  amount: 'admin.wallet.credit.settlementAmount',
  reference: 'admin.wallet.credit.settlementReference',
  referenceRequired: 'admin.wallet.credit.settlementReferenceRequired',
  done: 'admin.wallet.credit.settled',
} as const;

function SettlementForm(props: { userId: string; accountName: string; currency: CurrencyCode }) {
  const settle = useRecordSettlement(props.userId);
  return (
    <WalletCreditForm
      currency={props.currency}
      accountName={props.accountName}
      text={SETTLEMENT_TEXT}
      credit={settle}
      withNote={false}
    />
  );
}

/** From–to (Nepal dates) and the CSV and XLSX links of one agent's statement, or every agent's. */
export function StatementDownload(props: { userId?: string }) {
  const { t } = useTranslation();
  const today = todayInNepal();
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const invalid = !from || !to || to < from;
  return (
    <section aria-labelledby={`statement-heading-${props.userId ?? 'all'}`}>
      <h3 id={`statement-heading-${props.userId ?? 'all'}`} className="text-lg font-semibold">
        {props.userId ? t('admin.wallet.statement.title') : t('admin.wallet.statement.allTitle')}
      </h3>
      <div className="mt-2 flex flex-wrap items-end gap-4">
        <TextField
          type="date"
          label={t('admin.wallet.statement.from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          type="date"
          label={t('admin.wallet.statement.to')}
          value={to}
          error={invalid ? t('admin.wallet.statement.rangeInvalid') : undefined}
          onChange={(event) => setTo(event.target.value)}
        />
        {(['csv', 'xlsx'] as const).map((format) => (
          <a
            key={format}
            className={`${secondaryButtonClass} ${invalid ? 'pointer-events-none opacity-50' : ''}`}
            aria-disabled={invalid || undefined}
            href={invalid ? undefined : walletStatementUrl({ userId: props.userId, from, to, format })}
            download
          >
            {t(`admin.wallet.statement.${format}`)}
          </a>
        ))}
      </div>
    </section>
  );
}
