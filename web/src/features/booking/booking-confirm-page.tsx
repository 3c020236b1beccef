import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Booking, PaymentMethod } from '#shared/bookings';
import { formatMoney } from '#shared/format-money';
import { amountDueOf } from '#shared/sum-prices';
import { isAgentUserType } from '#shared/user-types';
import { Button } from '../../components/ui/button';
import { DisruptionActions } from '../../components/ui/disruption-actions';
import { PriceLevels } from '../../components/ui/price-levels';
import { TicketStatusBadge, ticketStanding } from '../../components/ui/ticket-status';
import { ApiError } from '../../lib/api-client';
import { useAppStore } from '../../lib/app-context';
import { currentLanguage, useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { meQueryOptions } from '../../lib/session/get-me';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { useErrorToast } from '../../lib/use-error-toast';
import {
  bookingQueryKey,
  CHANGE_WATCH_MS,
  changeOutcomeOf,
  invoicePdfUrl,
  ticketPdfUrl,
  useBooking,
} from './api/get-booking';
import { payBooking, submitGatewayForm } from './api/pay-booking';
import { ChangeDate, ChangePaymentNotice } from './components/change-date';
import { CreateAccountOffer } from './components/create-account-offer';
import { FareSummary } from './components/fare-summary';
import { HoldCountdown } from './components/hold-countdown';
import { Itinerary } from './components/itinerary';
import { itineraryShareText, whatsAppShareUrl } from './share-itinerary';

const METHOD_NAMES: Record<PaymentMethod, string> = {
  wallet: 'booking.methods.wallet',
  esewa: 'eSewa',
  khalti: 'Khalti',
  connectips: 'ConnectIPS',
};

/** Seed route /Booking/BookingConfirm: the held booking, its countdown, payment, then the tickets. */
export function BookingConfirmPage() {
  const { t } = useTranslation();
  const showError = useErrorToast();
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
  const setPaymentAndTicketSummary = useAppStore((s) => s.setPaymentAndTicketSummary);
  const setSelectedPaymentOption = useAppStore((s) => s.setSelectedPaymentOption);
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [paying, setPaying] = useState(false);
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
        <p className="mt-2">
          {booking.error instanceof ApiError ? booking.error.message : t('messages.genericError')}
        </p>
      </section>
    );
  }
  const data: Booking = booking.data;
  const money = (amount: number) => formatMoney(amount, data.currency, currentLanguage());
  const agent = Boolean(user && isAgentUserType(user.type));
  const chosen = method ?? data.payment_methods[0] ?? null;

  const pay = async () => {
    if (!chosen) return;
    setPaying(true);
    setSelectedPaymentOption(chosen);
    try {
      const action = await payBooking(data.pnr, chosen);
      if (action.type === 'paid') {
        queryClient.setQueryData(bookingQueryKey(data.pnr), action.booking);
        setPaymentAndTicketSummary(
          { method: chosen, pnr: data.pnr },
          { tickets: action.booking.tickets.length },
        );
        notify.success(t('booking.paid'));
      } else if (action.type === 'form') {
        submitGatewayForm(action.url, action.fields);
      } else {
        window.location.assign(action.url);
      }
    } catch (error) {
      showError(error);
    } finally {
      setPaying(false);
    }
  };

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
            <strong data-testid="booking-status">{t(`booking.statuses.${data.status}`)}</strong>
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
          {data.status === 'held' && data.expires_at && (
            <HoldCountdown expiresAt={data.expires_at} onExpired={() => void booking.refetch()} />
          )}
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

        {data.status === 'held' && data.payment_methods.length > 0 && (
          <fieldset className="grid gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
            <legend className="px-1 font-semibold">{t('booking.payWith')}</legend>
            {data.payment_methods.map((m) => (
              <label
                key={m}
                className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                <input
                  type="radio"
                  name="method"
                  value={m}
                  checked={chosen === m}
                  onChange={() => setMethod(m)}
                />
                <span className="font-medium">{m === 'wallet' ? t(METHOD_NAMES[m]) : METHOD_NAMES[m]}</span>
                {m === 'wallet' && user?.wallet_balance !== undefined && (
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {t('booking.balance', { amount: money(user.wallet_balance) })}
                  </span>
                )}
              </label>
            ))}
            <Button type="button" busy={paying} onClick={() => void pay()} className="mt-2 h-12">
              {/* What is charged: an agent's price less commission (the fare summary's "You pay the agency"). */}
              {t('booking.payAmount', { amount: money(amountDueOf(data.price)) })}
            </Button>
          </fieldset>
        )}

        {data.status === 'ticketed' && (
          <section
            aria-labelledby="tickets"
            className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:ring-emerald-800"
          >
            <h2 id="tickets" className="text-lg font-semibold">
              {t('booking.ticketsIssued')}
            </h2>
            <ul className="mt-2 grid gap-1 text-sm">
              {data.tickets.map((ticket) => {
                const passenger = data.passengers.find((p) => p.id === ticket.passenger_id);
                const exchanged = ticket.status === 'exchanged';
                return (
                  <li
                    key={ticket.ticket_number}
                    data-testid={exchanged ? 'exchanged-ticket' : 'valid-ticket'}
                    className="flex flex-wrap items-center gap-2"
                  >
                    <span className={`font-mono ${exchanged ? 'line-through' : ''}`}>
                      {ticket.ticket_number}
                    </span>{' '}
                    · {passenger?.first_name} {passenger?.last_name}
                    {exchanged && <TicketStatusBadge standing="exchanged" />}
                    {ticket.reissued_from && (
                      <span className="text-xs text-slate-600 dark:text-slate-400">
                        ← <span className="font-mono">{ticket.reissued_from}</span>
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
            <a
              href={ticketPdfUrl(data.pnr)}
              download={`${data.pnr}.pdf`}
              className="mt-3 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast"
            >
              {t('booking.downloadTicket')}
            </a>
            {agent && (
              <a
                href={ticketPdfUrl(data.pnr, { hidePrice: true })}
                download={`${data.pnr}-no-price.pdf`}
                className="ml-3 mt-3 inline-block text-sm underline"
              >
                {t('booking.downloadTicketWithoutPrice')}
              </a>
            )}
            <a
              href={invoicePdfUrl(data.pnr)}
              download={`tax-invoice-${data.pnr}.pdf`}
              className="mt-3 ml-3 inline-block rounded-lg px-4 py-2 font-semibold text-brand underline ring-1 ring-slate-300 dark:ring-slate-700"
            >
              {t('booking.downloadInvoice')}
            </a>
            <a
              href={whatsAppShareUrl(itineraryShareText(data, (key, values) => t(key, values ?? {})))}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="share-whatsapp"
              className="mt-3 ml-3 inline-block rounded-lg px-4 py-2 font-semibold text-emerald-800 underline ring-1 ring-emerald-300 dark:text-emerald-200 dark:ring-emerald-800"
            >
              {t('booking.shareOnWhatsApp')}
            </a>
          </section>
        )}
        {guestEmail.current !== null && (data.status === 'paid' || data.status === 'ticketed') && (
          <CreateAccountOffer email={guestEmail.current} />
        )}
        {(data.status === 'cancelled' || data.status === 'refunded') && data.tickets.length > 0 && (
          <section
            aria-labelledby="tickets"
            data-testid="cancelled-tickets"
            className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200 dark:bg-red-950 dark:ring-red-900"
          >
            <h2 id="tickets" className="text-lg font-semibold">
              {t('ticketStatus.tickets')} · {t('ticketStatus.notValid')}
            </h2>
            <ul className="mt-2 grid gap-1 text-sm">
              {data.tickets.map((ticket) => {
                const passenger = data.passengers.find((p) => p.id === ticket.passenger_id);
                return (
                  <li key={ticket.ticket_number} className="flex flex-wrap items-center gap-2">
                    <span className="font-mono line-through">{ticket.ticket_number}</span> ·{' '}
                    {passenger?.first_name} {passenger?.last_name}
                    <TicketStatusBadge standing={ticketStanding(ticket.status, data.status)} />
                  </li>
                );
              })}
            </ul>
            <a href={ticketPdfUrl(data.pnr)} className="mt-3 inline-block text-sm underline">
              {t('ticketStatus.pdf')} · {t('ticketStatus.notValid')}
            </a>
          </section>
        )}
        {data.status === 'ticketed' && (
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
              <li key={p.id}>
                {p.title} {p.first_name} {p.last_name}
                {p.display_name_ne && <span lang="ne"> ({p.display_name_ne})</span>} ·{' '}
                {t(`results.passenger.${p.type}`)}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <FareSummary price={data.price} showCommission={agent} />
    </div>
  );
}
