import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminBookingDetail } from '#shared/admin-bookings';
import { staffRoleMay } from '#shared/staff-roles';
import { inputClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { meQueryOptions } from '../../../lib/session/get-me';
import { useCompleteRefund } from './api/complete-refund';
import { errorText } from './booking-format';

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
  const [reference, setReference] = useState('');
  const [error, setError] = useState('');
  const { refund } = props;
  const manual = refund.status === 'pending' && !refund.automatic && refund.method !== 'wallet';
  if (!manual || !staffRoleMay(me.data?.staff_role, 'refundBookings')) return null;

  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        complete.mutate(
          { pnr: props.pnr, refundId: refund.id, reference },
          {
            onSuccess: () => notify.success(t('admin.bookings.refundRecorded')),
            onError: (failure) => setError(errorText(failure, t('messages.genericError'))),
          },
        );
      }}
    >
      <label className="grid gap-1 text-sm" htmlFor={`${id}-reference`}>
        {t('admin.bookings.refundReference')}
        <input
          id={`${id}-reference`}
          className={inputClass}
          value={reference}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setReference(event.target.value);
            setError('');
          }}
        />
      </label>
      <button type="submit" className={secondaryButtonClass} disabled={complete.isPending}>
        {t('admin.bookings.recordRefund')}
      </button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
