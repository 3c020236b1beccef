import type { Booking } from '#shared/bookings';
import { useTranslation } from '../../../lib/i18n';

const GATEWAYS: Record<string, string> = { esewa: 'eSewa', khalti: 'Khalti', connectips: 'ConnectIPS' };

/**
 * What came back and the new total, once a passenger was cancelled or money refunded
 * (docs/bookings.md#after-sales-money): read from the booking as the API answers it, so it shows
 * at once when a cancellation's answer is put in the query cache.
 */
export function AfterSalesSummary(props: { booking: Booking; money: (amount: number) => string }) {
  const { t } = useTranslation();
  const { booking, money } = props;
  const refunded = booking.amount_refunded ?? 0;
  const someCancelled = booking.passengers.some((p) => p.status === 'cancelled');
  if (refunded === 0 && !someCancelled) return null;
  const paidWith = booking.paid_with ?? 'wallet';
  return (
    <section
      data-testid="after-sales"
      className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      {refunded > 0 && (
        <p data-testid="after-sales-refunded">
          {paidWith === 'wallet'
            ? t('booking.afterSales.refundedTo.wallet', { amount: money(refunded) })
            : t('booking.afterSales.refundedTo.gateway', {
                amount: money(refunded),
                gateway: GATEWAYS[paidWith] ?? paidWith,
              })}
        </p>
      )}
      {booking.status === 'ticketed' && booking.travelling_total !== undefined && (
        <p className="mt-1 font-semibold" data-testid="after-sales-total">
          {t('booking.afterSales.newTotal', { amount: money(booking.travelling_total) })}
        </p>
      )}
    </section>
  );
}
