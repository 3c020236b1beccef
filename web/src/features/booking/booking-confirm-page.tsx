import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Booking } from '#shared/bookings';
import { formatMoney } from '#shared/format-money';
import { isAgentUserType } from '#shared/user-types';
import { DisruptionActions } from '../../components/ui/disruption-actions';
import { PriceLevels } from '../../components/ui/price-levels';
import { currentLanguage, useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { meQueryOptions } from '../../lib/session/get-me';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { useErrorText } from '../../lib/use-error-toast';
import { bookingQueryKey, CHANGE_WATCH_MS, changeOutcomeOf, useBooking } from './api/get-booking';
import { AfterSalesSummary } from './components/after-sales-summary';
import { CancelledTickets, IssuedTickets } from './components/booking-tickets';
import { ChangeDate, ChangePaymentNotice } from './components/change-date';
import { CreateAccountOffer } from './components/create-account-offer';
import { FareSummary } from './components/fare-summary';
import { HoldCountdown } from './components/hold-countdown';
import { Itinerary } from './components/itinerary';
import { LapsedHold } from './components/lapsed-hold';
import { PaymentChoice } from './components/payment-choice';

/** Seed route /Booking/BookingConfirm: the held booking, its countdown, payment, then the tickets. */
export function BookingConfirmPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [searchParams] = useSearchParams();
  const pnr = searchParams.get('pnr');
  const returned = searchParams.get('payment');
  const changeReturned = searchParams.get('change');
  const watchForChange = changeReturned === 'pending';
  const booking = useBooking(pnr, {
    watchForPayment: returned === 'failed' || returned === 'pending',
    watchForChange,
  });
  // A change paid but not yet confirmed: the booking is looked at again for a while, then the page
  // says it is still waiting.
  const [changeWaitedOut, setChangeWaitedOut] = useState(false);
  useEffect(() => {
    if (!watchForChange) return;
    const timer = setTimeout(() => setChangeWaitedOut(true), CHANGE_WATCH_MS);
    return () => clearTimeout(timer);
  }, [watchForChange]);
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [holdRanOut, setHoldRanOut] = useState(false);
  // Whether the traveller is a checkout guest (offered an account once paid): the server's word.
  const me = useQuery({ ...meQueryOptions(), enabled: Boolean(user) });
  // Kept once seen, so the offer stays to say the account is made after the guest becomes one.
  const guestEmail = useRef<string | null>(null);
  if (me.data?.guest) guestEmail.current = me.data.email ?? '';

  if (!pnr) {
    return (
      <section className="py-12 text-center">
        <h1 className="text-2xl font-semibold">{t('pages.bookingConfirm.title')}</h1>
        <p className="mt-2">{t('booking.noBooking')}</p>
        <Link to="/user/bookings" className="mt-4 inline-block underline">
          {t('header.myBookings')}
        </Link>
      </section>
    );
  }
  if (booking.isPending) return <p role="status">{t('booking.loading')}</p>;
  if (booking.isError || !booking.data) {
    return (
      <section role="alert" className="py-12 text-center">
        <h1 className="text-2xl font-semibold">{t('pages.bookingConfirm.title')}</h1>
        <p className="mt-2">{errorText(booking.error)}</p>
      </section>
    );
  }
  const data: Booking = booking.data;
  const money = (amount: number) => formatMoney(amount, data.currency, currentLanguage());
  const agent = Boolean(user && isAgentUserType(user.type));
  // A hold past its time has lapsed even before the expiry job marks it: no payment, search again.
  const lapsed =
    data.status === 'expired' ||
    (data.status === 'held' &&
      data.expires_at !== null &&
      (holdRanOut || Date.parse(data.expires_at) <= Date.now()));
  // A fare that allows no date change (Saver) offers none.
  const changeable = data.legs.some((leg) => leg.conditions?.change.allowed !== false);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="grid content-start gap-4">
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <h1 className="text-2xl font-semibold">{t('pages.bookingConfirm.title')}</h1>
          <p className="mt-2 text-lg">
            {t('booking.pnr')}:{' '}
            <strong className="font-mono tracking-wider" data-testid="pnr">
              {data.pnr}
            </strong>
          </p>
          {data.airline_reference && (
            <p className="mt-1">
              {t('booking.airlineReference')}:{' '}
              <strong className="font-mono tracking-wider" data-testid="airline-reference">
                {data.airline_reference}
              </strong>
            </p>
          )}
          <p className="mt-1">
            {t('booking.status')}:{' '}
            <strong data-testid="booking-status">
              {t(`booking.statuses.${lapsed ? 'expired' : data.status}`)}
            </strong>
          </p>
          {data.status_reason && (
            <p
              role="alert"
              data-testid="status-reason"
              className="mt-2 rounded-lg bg-red-50 p-3 text-red-950 dark:bg-red-950 dark:text-red-50"
            >
              {data.status_reason}
            </p>
          )}
          {data.status === 'held' && data.expires_at && !lapsed && (
            <HoldCountdown
              expiresAt={data.expires_at}
              onExpired={() => {
                setHoldRanOut(true);
                void booking.refetch();
              }}
            />
          )}
          {lapsed && <LapsedHold booking={data} />}
          {data.disruptions.map((d) => (
            <p
              key={d.flight_id}
              role="alert"
              data-testid="disruption"
              className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
            >
              {t('booking.disruption', {
                flight: d.flight_id,
                reason: t(`booking.disruptionReasons.${d.reason}`),
                note: d.note,
              })}
            </p>
          ))}
          {data.disruptions.map((d) => (
            <DisruptionActions
              key={`${d.flight_id}-actions`}
              bookingPath={`/bookings/${encodeURIComponent(data.pnr)}`}
              disruption={d}
              active={data.status === 'held' || data.status === 'paid' || data.status === 'ticketed'}
              onChanged={(answer) => {
                queryClient.setQueryData(bookingQueryKey(data.pnr), answer as Booking);
                notify.success(t('booking.disruptionActions.done'));
              }}
            />
          ))}
          {returned === 'failed' && data.status === 'held' && (
            <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
              {t('booking.paymentFailed')}
            </p>
          )}
          <ChangePaymentNotice
            outcome={changeOutcomeOf(changeReturned, data.change_payment, changeWaitedOut)}
          />
          {returned === 'pending' && data.status === 'held' && (
            <p role="status" className="mt-2 text-amber-900 dark:text-amber-200">
              {t('booking.paymentPending')}
            </p>
          )}
        </div>

        {agent && data.price_breakdown && <PriceLevels breakdown={data.price_breakdown} money={money} />}

        {data.status === 'held' && !lapsed && data.payment_methods.length > 0 && (
          <PaymentChoice booking={data} money={money} />
        )}

        {data.status === 'ticketed' && <IssuedTickets booking={data} agent={agent} />}
        {guestEmail.current !== null && (data.status === 'paid' || data.status === 'ticketed') && (
          <CreateAccountOffer email={guestEmail.current} />
        )}
        {(data.status === 'cancelled' || data.status === 'refunded') && data.tickets.length > 0 && (
          <CancelledTickets booking={data} />
        )}
        <AfterSalesSummary booking={data} money={money} />
        {data.status === 'ticketed' && changeable && (
          <ChangeDate
            booking={data}
            onChanged={(changed) => queryClient.setQueryData(bookingQueryKey(data.pnr), changed)}
          />
        )}
        <Itinerary legs={data.legs} />
        <section className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <h2 className="font-semibold">{t('booking.passengers')}</h2>
          <ul className="mt-2 grid gap-1">
            {data.passengers.map((p) => (
              <li key={p.id} data-testid={p.status === 'cancelled' ? 'passenger-cancelled' : 'passenger'}>
                {p.title} {p.first_name} {p.last_name}
                {p.display_name_ne && <span lang="ne"> ({p.display_name_ne})</span>} ·{' '}
                {t(`results.passenger.${p.type}`)}
                {p.status === 'cancelled' && data.status === 'ticketed' && (
                  <span className="ml-2 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">
                    {t('booking.afterSales.cancelled')}
                    {(p.refunded ?? 0) > 0 &&
                      ` · ${t('booking.afterSales.refundedOf', { amount: money(p.refunded ?? 0) })}`}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <FareSummary price={data.price} showCommission={agent} />
    </div>
  );
}
