import type { Booking } from '#shared/bookings';
import { formatMoney } from '#shared/format-money';
import { currentLanguage, useTranslation } from '../../lib/i18n';
import type { RefundQuote } from './api/cancel-booking';

const GATEWAYS: Record<string, string> = { esewa: 'eSewa', khalti: 'Khalti', connectips: 'ConnectIPS' };

/**
 * What a confirmed cancellation did, from its answer (docs/bookings.md#after-sales-money): who was
 * cancelled, what comes back and to where, and the new total of those still travelling.
 */
export function CancelDone(props: {
  pnr: string;
  quote: RefundQuote;
  booking: Booking | null;
  partial: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { quote, booking } = props;
  const money = (amount: number) => formatMoney(amount, quote.currency, currentLanguage());
  const covered = new Set(quote.passengers ?? booking?.passengers.map((p) => p.id) ?? []);
  const names = (booking?.passengers ?? [])
    .filter((p) => covered.has(p.id))
    .map((p) => `${p.first_name} ${p.last_name}`)
    .join(', ');
  const paidWith = booking?.paid_with ?? 'wallet';
  return (
    <div
      role="status"
      data-testid="cancel-done"
      className="rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-50 dark:ring-emerald-800"
    >
      <p className="font-semibold">
        {t(props.partial ? 'myBookings.cancelledSome' : 'myBookings.cancelled', { pnr: props.pnr })}
      </p>
      {names && <p className="mt-1">{t('myBookings.done.who', { names })}</p>}
      {quote.refund > 0 ? (
        <p className="mt-1" data-testid="cancel-done-refund">
          {paidWith === 'wallet'
            ? t('myBookings.done.toWallet', { amount: money(quote.refund) })
            : t('myBookings.done.toGateway', {
                amount: money(quote.refund),
                gateway: GATEWAYS[paidWith] ?? paidWith,
              })}
        </p>
      ) : (
        quote.paid > 0 && <p className="mt-1">{t('myBookings.done.nothingBack')}</p>
      )}
      {props.partial && booking?.travelling_total !== undefined && (
        <p className="mt-1" data-testid="cancel-done-total">
          {t('myBookings.done.newTotal', { amount: money(booking.travelling_total) })}
        </p>
      )}
      <button type="button" onClick={props.onClose} className="mt-2 min-h-11 underline">
        {t('myBookings.done.close')}
      </button>
    </div>
  );
}
