import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '#shared/bookings';
import { formatMoney } from '#shared/format-money';
import { bookingQueryKey } from '../../lib/booking-query-key';
import { currentLanguage, useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useErrorToast } from '../../lib/use-error-toast';
import { confirmCancellation, quoteCancellation, type RefundQuote } from './api/cancel-booking';
import { bookingForCancelQueryOptions, useBookingForCancel } from './api/get-booking-for-cancel';
import { myBookingsQueryKey } from './api/get-my-bookings';
import { CancelDone } from './cancel-done';

/**
 * Cancelling a booking: on a ticketed booking with more than one passenger still travelling, a
 * checkbox per passenger (all ticked: the whole booking) and the refund quote for those ticked
 * (docs/bookings.md#partial-cancellation); then confirm or keep it. Confirmed, it says what it did
 * (CancelDone) and the booking page's cache takes the booking the answer carries.
 */
export function CancelDialog(props: { pnr: string; onClose: () => void }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const booking = useBookingForCancel(props.pnr);
  const [unticked, setUnticked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  /** The confirmed cancellation's answer: the dialog then says what it did. */
  const [done, setDone] = useState<{ quote: RefundQuote; booking: Booking | null; partial: boolean } | null>(
    null,
  );

  const data = booking.data;
  const travelling = (data?.passengers ?? []).filter(
    (p) =>
      p.status !== 'cancelled' &&
      (data?.tickets.length === 0 ||
        data?.tickets.some((ticket) => ticket.passenger_id === p.id && ticket.status === 'open')),
  );
  const choosable = data?.status === 'ticketed' && travelling.length > 1;
  const chosen = travelling.filter((p) => !unticked.includes(p.id)).map((p) => p.id);
  const partial = choosable && chosen.length < travelling.length;
  const passengers = partial ? chosen : undefined;
  const quote = useQuery({
    queryKey: ['my-bookings', 'cancel-quote', props.pnr, passengers ?? 'all'],
    queryFn: () => quoteCancellation(props.pnr, passengers),
    enabled: booking.isSuccess && chosen.length > 0,
    retry: false,
  });
  const money = (amount: number) =>
    formatMoney(amount, quote.data?.quote.currency ?? 'NPR', currentLanguage());
  const quoteError = quote.error instanceof Error ? quote.error.message : '';

  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await confirmCancellation(props.pnr, passengers);
      // The booking as it now is, for the booking page and this dialog; then the list again.
      if (answer.booking) {
        queryClient.setQueryData(bookingQueryKey(props.pnr), answer.booking);
        queryClient.setQueryData(bookingForCancelQueryOptions(props.pnr).queryKey, answer.booking);
      }
      setDone({ ...answer, partial: Boolean(partial) });
      notify.success(t(partial ? 'myBookings.cancelledSome' : 'myBookings.cancelled', { pnr: props.pnr }));
      await queryClient.invalidateQueries({
        queryKey: myBookingsQueryKey,
        // Not this dialog's booking (just set) nor its quote (of passengers no longer travelling).
        predicate: (query) => !['cancel', 'cancel-quote'].includes(String(query.queryKey[1])),
      });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <CancelDone
        pnr={props.pnr}
        quote={done.quote}
        booking={done.booking}
        partial={done.partial}
        onClose={props.onClose}
      />
    );
  }

  return (
    <div
      role="dialog"
      aria-labelledby="cancel-heading"
      className="rounded-xl bg-white p-4 shadow-md ring-1 ring-slate-300 dark:bg-slate-900 dark:ring-slate-700"
    >
      <h2 id="cancel-heading" className="text-lg font-semibold">
        {t('myBookings.cancelTitle', { pnr: props.pnr })}
      </h2>
      {booking.isPending && <p role="status">{t('booking.loading')}</p>}
      {choosable && (
        <fieldset className="mt-2 grid gap-1">
          <legend className="text-sm font-medium">{t('myBookings.choosePassengers')}</legend>
          {travelling.map((p) => (
            <label key={p.id} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5"
                checked={!unticked.includes(p.id)}
                onChange={(event) =>
                  setUnticked(
                    event.target.checked ? unticked.filter((id) => id !== p.id) : [...unticked, p.id],
                  )
                }
              />
              <span>
                {p.first_name} {p.last_name} ({t(`myBookings.types.${p.type}`)})
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {chosen.length === 0 && <p className="mt-2 text-sm">{t('myBookings.chooseOne')}</p>}
      {quoteError && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {quoteError}
        </p>
      )}
      {quote.data && chosen.length > 0 && (
        <div className="mt-2 text-sm" data-testid="cancel-quote">
          <p>{quote.data.quote.rule}</p>
          {partial && (quote.data.quote.passengers?.length ?? 0) > chosen.length && (
            <p className="mt-1">{t('myBookings.infantIncluded')}</p>
          )}
          <dl className="mt-2 grid grid-cols-2 gap-1">
            <dt>{t('myBookings.quotePaid')}</dt>
            <dd className="font-semibold">{money(quote.data.quote.paid)}</dd>
            <dt>{t('myBookings.quoteFee')}</dt>
            <dd className="font-semibold">{money(quote.data.quote.cancellation_fee)}</dd>
            <dt>{t('myBookings.quoteRefund')}</dt>
            <dd className="font-semibold" data-testid="cancel-refund">
              {money(quote.data.quote.refund)}
            </dd>
          </dl>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={busy || !quote.isSuccess || chosen.length === 0}
          onClick={() => void confirm()}
          className="min-h-11 rounded-lg bg-red-700 px-4 font-medium text-white disabled:opacity-50"
        >
          {t(partial ? 'myBookings.confirmCancelSome' : 'myBookings.confirmCancel')}
        </button>
        <button type="button" onClick={props.onClose} className="min-h-11 rounded-lg px-4 underline">
          {t('myBookings.keep')}
        </button>
      </div>
    </div>
  );
}
