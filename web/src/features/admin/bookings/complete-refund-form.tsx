import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type AdminBookingDetail, completeRefundRequest } from '#shared/admin-bookings';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { staffRoleMay } from '#shared/staff-roles';
import { inputClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { currentLanguage, formMessage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { meQueryOptions } from '../../../lib/session/get-me';
import { useErrorText } from '../../../lib/use-error-toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { ConfirmDialog, ConfirmLine } from '../shared/confirm-dialog';
import { useCompleteRefund } from './api/complete-refund';
import { gatewayName } from './gateway-names';

type Refund = AdminBookingDetail['refunds'][number];

/**
 * A gateway refund an operator pays back from the gateway's merchant panel (eSewa, ConnectIPS):
 * once sent, they record it here with the gateway's reference (roles of `refundBookings`).
 */
export function CompleteRefundForm(props: { pnr: string; refund: Refund }) {
  const { t } = useTranslation();
  const id = useId();
  const me = useQuery(meQueryOptions());
  const complete = useCompleteRefund();
  const errorText = useErrorText();
  const { form, errorOf, showServerErrors } = useZodForm(completeRefundRequest, { reference: '' });
  const { refund } = props;
  const [pending, setPending] = useState<string | null>(null);
  const manual = refund.status === 'pending' && !refund.automatic && refund.method !== 'wallet';
  if (!manual || !staffRoleMay(me.data?.staff_role, 'refundBookings')) return null;

  // The form only asks; the refund is recorded once the dialog naming the booking and amount is confirmed.
  const submit = form.handleSubmit(({ reference }) => setPending(reference));
  const confirm = () => {
    if (pending === null) return;
    complete.mutateAsync({ pnr: props.pnr, refundId: refund.id, reference: pending }).then(
      () => {
        setPending(null);
        notify.success(t('admin.bookings.refundRecorded'));
      },
      (failure: unknown) => {
        setPending(null);
        if (!showServerErrors(failure)) form.setError('root', { message: errorText(failure) });
      },
    );
  };
  const fieldError = errorOf('reference');
  const error = fieldError ? formMessage(fieldError) : form.formState.errors.root?.message;

  return (
    <form className="mt-2 flex flex-wrap items-end gap-2" noValidate onSubmit={(event) => void submit(event)}>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-reference`}>
        {t('admin.bookings.refundReference')}
        <input
          id={`${id}-reference`}
          className={inputClass}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register('reference', { onChange: () => form.clearErrors('root') })}
        />
      </label>
      <button type="submit" className={secondaryButtonClass} disabled={complete.isPending}>
        {t('admin.bookings.recordRefund')}
      </button>
      <ConfirmDialog
        open={pending !== null}
        title={t('admin.cockpit.confirm.title', { action: t('admin.bookings.recordRefund') })}
        confirmLabel={t('admin.bookings.recordRefund')}
        busy={complete.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <ConfirmLine
          label={t('admin.cockpit.confirm.account')}
          value={`${gatewayName(refund.method)} · ${props.pnr}`}
        />
        <ConfirmLine
          label={t('admin.cockpit.confirm.amount')}
          value={formatMoney(refund.amount, refund.currency as CurrencyCode, currentLanguage())}
        />
        <ConfirmLine label={t('admin.cockpit.confirm.reference')} value={pending ?? ''} />
      </ConfirmDialog>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
