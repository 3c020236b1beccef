import { Fragment } from 'react';
import { Link, useParams } from 'react-router';
import type { Booking } from '#shared/bookings';
import { DisruptionActions } from '../../../components/ui/disruption-actions';
import { PriceLevels } from '../../../components/ui/price-levels';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { formatWhen, TableHead } from '../shared/admin-ui';
import { useAdminBooking } from './api/get-admin-booking';
import { useRefreshAfterBookingChange } from './api/refresh-after-booking-change';
import { BookingActions } from './booking-actions';
import { money } from './booking-format';
import { ChangeBookingDate } from './change-booking-date';
import { CompleteRefundForm } from './complete-refund-form';
import { DisruptedBadge } from './disrupted-badge';
import { FlightDisruptionRow } from './flight-disruption-row';
import { HistoryNote } from './history-note';

/** One booking for the admin: what it is, its history, money, tickets, and the actions on it. */
export function BookingDetailPage() {
  const { t, i18n } = useTranslation();
  const { pnr = '' } = useParams();
  const detail = useAdminBooking(pnr);
  const refresh = useRefreshAfterBookingChange();

  if (detail.isPending) return <p role="status">{t('admin.loading')}</p>;
  if (detail.isError) {
    return (
      <p role="alert">
        {detail.error instanceof ApiError && detail.error.status === 404
          ? t('admin.bookings.notFound')
          : t('messages.genericError')}{' '}
        <Link className="underline" to="/admin/bookings">
          {t('admin.bookings.back')}
        </Link>
      </p>
    );
  }
  const data = detail.data;
  const { booking } = data;
  const passengerName = (id: string) => {
    const p = booking.passengers.find((x) => x.id === id);
    return p ? <PassengerName passenger={p} /> : id;
  };

  return (
    <article aria-labelledby="booking-heading" className="grid gap-6">
      <header>
        <Link className="text-sm underline" to="/admin/bookings">
          {t('admin.bookings.back')}
        </Link>
        <h1 id="booking-heading" className="mt-2 text-2xl font-semibold">
          {t('admin.bookings.detailTitle', { pnr: booking.pnr })}
        </h1>
        <p className="mt-1">
          {t('admin.bookings.status')}:{' '}
          <strong data-testid="booking-status">{t(`booking.statuses.${booking.status}`)}</strong>
          {booking.disruptions.length > 0 && (
            <>
              {' '}
              <DisruptedBadge />
            </>
          )}
        </p>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <dt className="font-medium">{t('admin.bookings.booker')}</dt>
          <dd>
            {data.booker.name} ({t(`admin.userTypes.${data.booker.type}`)}) {data.booker.email}
          </dd>
          <dt className="font-medium">{t('admin.bookings.contact')}</dt>
          <dd>
            {booking.contact.name}, {booking.contact.email}, {booking.contact.mobile}
          </dd>
          <dt className="font-medium">{t('admin.bookings.total')}</dt>
          <dd>{money(booking.price.total, booking.currency)}</dd>
          <dt className="font-medium">{t('admin.bookings.markup')}</dt>
          <dd data-testid="booking-markup">
            {data.markup ? money(data.markup.amount, data.markup.currency) : t('admin.bookings.noMarkup')}
          </dd>
          <dt className="font-medium">{t('admin.bookings.amountDue')}</dt>
          <dd>{money(data.amountDue, booking.currency)}</dd>
          <dt className="font-medium">{t('admin.bookings.paidWith')}</dt>
          <dd>{booking.paid_with ?? '—'}</dd>
        </dl>
      </header>

      {booking.price_breakdown && (
        <PriceLevels
          breakdown={booking.price_breakdown}
          money={(amount) => money(amount, booking.currency)}
        />
      )}

      {booking.disruptions.map((d) => (
        <p
          key={d.flight_id}
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          {t('admin.bookings.disruptionNote', {
            flight: d.flight_id,
            reason: t(`admin.bookings.reasons.${d.reason}`),
            note: d.note,
          })}
        </p>
      ))}
      {booking.disruptions.map((d) => (
        <DisruptionActions
          key={`${d.flight_id}-actions`}
          bookingPath={`/admin/bookings/${encodeURIComponent(booking.pnr)}`}
          disruption={d}
          active={booking.status === 'held' || booking.status === 'paid' || booking.status === 'ticketed'}
          onChanged={() => {
            refresh();
            notify.success(t('booking.disruptionActions.done'));
          }}
        />
      ))}

      {data.excessPayments.map((excess) => (
        <p
          key={excess.reference}
          role="note"
          data-testid="excess-payment"
          className={
            excess.refund === 'refunded'
              ? 'rounded-lg bg-slate-100 p-3 text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-50'
              : 'rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50'
          }
        >
          {t('admin.bookings.excessPayment', {
            amount: money(excess.amount, excess.currency),
            gateway: excess.gateway,
            reference: excess.reference,
            state: t(`admin.bookings.excessStates.${excess.refund}`),
          })}
        </p>
      ))}

      <BookingActions detail={data} />
      <ChangeBookingDate detail={data} />

      <section aria-labelledby="flights-heading">
        <h2 id="flights-heading" className="text-lg font-semibold">
          {t('admin.bookings.flights')}
        </h2>
        <ul className="mt-2 grid gap-2">
          {data.flights.map((flight) => (
            <FlightDisruptionRow key={flight.flightId} flight={flight} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="passengers-heading">
        <h2 id="passengers-heading" className="text-lg font-semibold">
          {t('admin.bookings.passengersAndTickets')}
        </h2>
        <table className="mt-2 w-full text-left text-sm">
          <TableHead
            columns={[
              t('admin.bookings.passenger'),
              t('admin.bookings.ticket'),
              t('admin.bookings.flight'),
              t('admin.bookings.status'),
            ]}
          />
          <tbody>
            {booking.tickets.map((ticket) => (
              <tr
                key={ticket.ticket_number}
                data-testid="ticket-row"
                className={
                  ticket.status === 'exchanged'
                    ? 'border-b border-slate-200 text-slate-500 line-through dark:border-slate-700'
                    : 'border-b border-slate-200 dark:border-slate-700'
                }
              >
                <td className="py-1 pr-3">{passengerName(ticket.passenger_id)}</td>
                <td className="py-1 pr-3">
                  <span className="font-mono">{ticket.ticket_number}</span>
                  {ticket.reissued_from && (
                    <span className="block text-xs" data-testid="reissued-from">
                      {t('admin.bookings.reissuedFrom', { number: ticket.reissued_from })}
                    </span>
                  )}
                </td>
                <td className="py-1 pr-3">{data.flights[ticket.segment_index]?.flightNumber}</td>
                <td className="py-1 pr-3">{t(`admin.bookings.ticketStatuses.${ticket.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {booking.tickets.length === 0 && (
          <p className="mt-2 text-sm">
            {booking.passengers.map((p, i) => (
              <Fragment key={p.id}>
                {i > 0 && ', '}
                <PassengerName passenger={p} />
              </Fragment>
            ))}{' '}
            · {t('admin.bookings.noTickets')}
          </p>
        )}
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-semibold">
          {t('admin.bookings.history')}
        </h2>
        <ol className="mt-2 border-l-2 border-slate-300 pl-4 dark:border-slate-600" data-testid="history">
          {booking.history.map((event) => (
            <li key={`${event.at}-${event.status}-${event.note ?? ''}`} className="mb-3">
              <p className="font-medium">{t(`booking.statuses.${event.status}`)}</p>
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {formatWhen(event.at, i18n.language)} · {t('admin.bookings.by', { who: event.by })}
              </p>
              <HistoryNote event={event} />
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="money-heading">
        <h2 id="money-heading" className="text-lg font-semibold">
          {t('admin.bookings.money')}
        </h2>
        <ul className="mt-2 grid gap-1 text-sm">
          {data.payments.map((p) => (
            <li key={p.reference}>
              {t('admin.bookings.payment', {
                gateway: p.gateway,
                amount: money(p.amount, p.currency),
                status: p.status,
                reference: p.reference,
              })}
            </li>
          ))}
          {data.walletEntries.map((e) => (
            <li key={`${e.kind}-${e.createdAt}`}>
              {t(`admin.bookings.wallet.${e.kind}`, { amount: money(Math.abs(e.amount), e.currency) })} ·{' '}
              {formatWhen(e.createdAt, i18n.language)}
            </li>
          ))}
          {data.refunds.map((r) => (
            <li key={r.id} data-testid="refund">
              {t('admin.bookings.refund', {
                amount: money(r.amount, r.currency),
                method: r.method,
                status: t(`admin.bookings.refundStatuses.${r.status}`),
              })}{' '}
              · {r.reason}
              {r.completedReference && (
                <> · {t('admin.bookings.refundPaidBack', { reference: r.completedReference })}</>
              )}
              <CompleteRefundForm pnr={booking.pnr} refund={r} />
            </li>
          ))}
          {data.payments.length + data.walletEntries.length + data.refunds.length === 0 && (
            <li>{t('admin.bookings.noMoney')}</li>
          )}
        </ul>
      </section>
    </article>
  );
}

/**
 * A passenger as their passport has it ("Mr Ram Thapa"), with the Nepali display name they gave
 * beside it in Devanagari, when they gave one.
 */
function PassengerName({ passenger }: { passenger: Booking['passengers'][number] }) {
  return (
    <span data-testid="passenger-name">
      {passenger.title} {passenger.first_name} {passenger.last_name}
      {passenger.display_name_ne && (
        <>
          {' '}
          <span lang="ne" data-testid="passenger-name-ne">
            ({passenger.display_name_ne})
          </span>
        </>
      )}
    </span>
  );
}
