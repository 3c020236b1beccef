import { useState } from 'react';
import type { AdminBookingDetail, AdminCancelResponse } from '#shared/admin-bookings';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorToast } from '../../../lib/use-error-toast';
import { formatWhen } from '../shared/admin-ui';
import { useCancelAdminBooking } from './api/cancel-admin-booking';
import { useResendTicket } from './api/resend-ticket';
import { useVoidAdminBooking } from './api/void-admin-booking';
import { money } from './booking-format';

/** Resend the ticket, or cancel (or void, on the day of issue) after seeing the refund quote. */
export function BookingActions(props: { detail: AdminBookingDetail }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const { booking } = props.detail;
  const resend = useResendTicket();
  const cancelling = useCancelAdminBooking();
  const voiding = useVoidAdminBooking();
  const [kind, setKind] = useState<'cancel' | 'void'>('cancel');
  const cancel = kind === 'void' ? voiding : cancelling;
  const [quote, setQuote] = useState<AdminCancelResponse['quote'] | null>(null);
  const [result, setResult] = useState('');
  const cancellable = ['held', 'paid', 'ticketed'].includes(booking.status);

  const askQuote = (asked: 'cancel' | 'void') =>
    (asked === 'void' ? voiding : cancelling).mutate(
      { pnr: booking.pnr, confirm: false },
      {
        onSuccess: (answer) => {
          setKind(asked);
          setQuote(answer.quote);
        },
        onError: showError,
      },
    );
  const confirmCancel = () =>
    cancel.mutate(
      { pnr: booking.pnr, confirm: true },
      {
        onSuccess: (answer) => {
          setQuote(null);
          const message =
            answer.quote.refund > 0
              ? t(kind === 'void' ? 'admin.bookings.voided' : 'admin.bookings.cancelledRefund', {
                  amount: money(answer.quote.refund, answer.quote.currency),
                })
              : t('admin.bookings.cancelledNoRefund');
          setResult(message);
          notify.success(message);
        },
        onError: showError,
      },
    );

  return (
    <section
      aria-labelledby="actions-heading"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id="actions-heading" className="text-lg font-semibold">
        {t('admin.bookings.actions')}
      </h2>
      <div className="mt-2 flex flex-wrap gap-2">
        {booking.status === 'ticketed' && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={resend.isPending}
            onClick={() => {
              if (!window.confirm(t('admin.bookings.confirmResend', { email: booking.contact.email })))
                return;
              resend.mutate(booking.pnr, {
                onSuccess: (answer) => {
                  setResult(t('admin.bookings.resent', { email: answer.to }));
                  notify.success(t('admin.bookings.resent', { email: answer.to }));
                },
                onError: showError,
              });
            }}
          >
            {t('admin.bookings.resend')}
          </button>
        )}
        {cancellable && !quote && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={cancel.isPending}
            onClick={() => askQuote('cancel')}
          >
            {t('admin.bookings.cancel')}
          </button>
        )}
        {booking.status === 'ticketed' && !quote && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={voiding.isPending}
            onClick={() => askQuote('void')}
          >
            {t('admin.bookings.void')}
          </button>
        )}
      </div>
      {quote && (
        <div
          role="dialog"
          aria-labelledby="quote-heading"
          className="mt-3 rounded-md bg-slate-100 p-3 dark:bg-slate-800"
        >
          <h3 id="quote-heading" className="font-semibold">
            {t(kind === 'void' ? 'admin.bookings.voidTitle' : 'admin.bookings.quoteTitle')}
          </h3>
          <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
            <dt>{t('admin.bookings.paid')}</dt>
            <dd>{money(quote.paid, quote.currency)}</dd>
            <dt>{t(kind === 'void' ? 'admin.bookings.voidFee' : 'admin.bookings.fee')}</dt>
            <dd>{money(quote.cancellation_fee, quote.currency)}</dd>
            <dt>{t('admin.bookings.refundAmount')}</dt>
            <dd data-testid="quote-refund">{money(quote.refund, quote.currency)}</dd>
          </dl>
          <p className="mt-2 text-sm">{quote.rule}</p>
          {quote.void_until && (
            <p className="mt-1 text-sm" data-testid="void-until">
              {t('admin.bookings.voidUntil', {
                time: formatWhen(quote.void_until, currentLanguage()),
              })}
            </p>
          )}
          <div className="mt-3 flex gap-2">
            <button type="button" className={buttonClass} disabled={cancel.isPending} onClick={confirmCancel}>
              {t(kind === 'void' ? 'admin.bookings.confirmVoid' : 'admin.bookings.confirmCancel')}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setQuote(null)}>
              {t('admin.bookings.keep')}
            </button>
          </div>
        </div>
      )}
      <p role="status" aria-live="polite" className="mt-2 text-sm font-medium" data-testid="action-result">
        {result}
      </p>
    </section>
  );
}
