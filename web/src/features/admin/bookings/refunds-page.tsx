import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { completeRefundRequest, type ManualRefund } from '#shared/admin-bookings';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { formatWhen } from '../shared/admin-ui';
import { ConfirmDialog, ConfirmLine } from '../shared/confirm-dialog';
import { useCompleteRefund } from './api/complete-refund';
import { useManualRefunds } from './api/get-manual-refunds';
import { gatewayName } from './gateway-names';

/**
 * The refunds queue (docs/admin.md#refunds-queue): gateway payments owed back by hand, oldest
 * first, each marked refunded with the gateway's reference and a note after a confirmation.
 */
export function RefundsPage() {
  const { t } = useTranslation();
  const refunds = useManualRefunds();
  return (
    <section aria-labelledby="refunds-heading">
      <h1 id="refunds-heading" className="text-2xl font-semibold">
        {t('admin.cockpit.refunds.title')}
      </h1>
      <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-300">{t('admin.cockpit.refunds.intro')}</p>
      {refunds.isError && <p role="alert">{t('messages.genericError')}</p>}
      {refunds.data?.length === 0 && <p className="mt-4">{t('admin.cockpit.refunds.none')}</p>}
      <ul className="mt-4 grid gap-4" aria-label={t('admin.cockpit.refunds.title')}>
        {refunds.data?.map((refund) => (
          <RefundToPay key={refund.id} refund={refund} />
        ))}
      </ul>
    </section>
  );
}

function RefundToPay({ refund }: { refund: ManualRefund }) {
  const { t } = useTranslation();
  const id = useId();
  const complete = useCompleteRefund();
  const language = currentLanguage();
  const amount = formatMoney(refund.amount, refund.currency as CurrencyCode, language);
  const gateway = gatewayName(refund.method);
  const { form, errorOf, showFailure } = useZodForm(completeRefundRequest, { reference: '', note: '' });
  const [pending, setPending] = useState<{ reference: string; note?: string | undefined } | null>(null);
  // A second click before the first answer sends nothing (the server records it once anyway).
  const sending = useRef(false);
  const submit = form.handleSubmit((input) => setPending(input));
  const confirm = () => {
    if (!pending || sending.current) return;
    sending.current = true;
    complete.mutateAsync({ pnr: refund.pnr, refundId: refund.id, ...pending }).then(
      () => {
        sending.current = false;
        setPending(null);
        notify.success(t('admin.cockpit.refunds.done', { amount, pnr: refund.pnr }));
      },
      (failure: unknown) => {
        sending.current = false;
        setPending(null);
        showFailure(failure);
      },
    );
  };
  return (
    <li
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      aria-labelledby={`${id}-title`}
      data-testid="refund-to-pay"
    >
      <p id={`${id}-title`} className="font-semibold">
        <Link className="font-mono underline" to={`/admin/bookings/${refund.pnr}`}>
          {refund.pnr}
        </Link>{' '}
        · {gateway} · {amount}
      </p>
      <dl className="mt-1 grid gap-x-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{t('admin.cockpit.refunds.reason')}</dt>
          <dd>{refund.reason}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('admin.cockpit.refunds.payment')}</dt>
          <dd className="font-mono wrap-anywhere">{refund.paymentReference ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('admin.cockpit.refunds.since')}</dt>
          <dd>{formatWhen(refund.createdAt, language)}</dd>
        </div>
      </dl>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end"
        noValidate
        aria-label={t('admin.cockpit.refunds.markOf', { pnr: refund.pnr })}
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          label={t('admin.cockpit.refunds.reference')}
          error={errorOf('reference')}
          {...form.register('reference')}
        />
        <TextField
          label={t('admin.cockpit.refunds.note')}
          error={errorOf('note')}
          {...form.register('note')}
        />
        <div>
          <SubmitButton busy={complete.isPending}>{t('admin.cockpit.refunds.mark')}</SubmitButton>
        </div>
        <ConfirmDialog
          open={pending !== null}
          title={t('admin.cockpit.confirm.title', { action: t('admin.cockpit.refunds.mark') })}
          confirmLabel={t('admin.cockpit.refunds.mark')}
          busy={complete.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <ConfirmLine label={t('admin.cockpit.confirm.account')} value={`${gateway} · ${refund.pnr}`} />
          <ConfirmLine
            label={t('admin.cockpit.refunds.confirmPayment')}
            value={refund.paymentReference ?? '—'}
          />
          <ConfirmLine label={t('admin.cockpit.confirm.amount')} value={amount} />
          <ConfirmLine label={t('admin.cockpit.confirm.reference')} value={pending?.reference ?? ''} />
        </ConfirmDialog>
      </form>
    </li>
  );
}
