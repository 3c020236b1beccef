import { useState } from 'react';
import { Link } from 'react-router';
import type { BookingStatus, BookingSummary } from '#shared/bookings';
import { formatMoney } from '#shared/format-money';
import { SignInFirst } from '../../components/ui/sign-in-first';
import { formatAdDate } from '../../lib/dates';
import { addTranslations, currentLanguage, useTranslation } from '../../lib/i18n';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { useMyBookings } from './api/get-my-bookings';
import { CancelDialog } from './cancel-dialog';
import { myBookingsStrings } from './my-bookings-strings';

addTranslations(myBookingsStrings);

const STATUSES: BookingStatus[] = ['held', 'paid', 'ticketed', 'expired', 'cancelled', 'refunded'];

/** A booking still travelling with some of its passengers cancelled (docs/bookings.md#partial-cancellation). */
const partlyCancelled = (item: BookingSummary) =>
  item.status === 'ticketed' && (item.cancelled_passenger_names?.length ?? 0) > 0;
const travellingNames = (item: BookingSummary) =>
  item.passenger_names.filter((name) => !item.cancelled_passenger_names?.includes(name));

export function MyBookingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  /** The PNR whose cancel dialog is open. */
  const [cancelling, setCancelling] = useState('');
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [pnr, setPnr] = useState('');
  const [page, setPage] = useState(1);
  const bookings = useMyBookings({ status, pnr: pnr.trim().toUpperCase(), page });
  if (!user)
    return (
      <SignInFirst
        title={t('pages.myBookings.title')}
        next="/user/bookings"
        message={t('myBookings.logIn')}
      />
    );

  const data = bookings.data;
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-semibold">{t('pages.myBookings.title')}</h1>
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t('myBookings.findPnr')}</span>
          <input
            value={pnr}
            maxLength={6}
            onChange={(event) => {
              setPnr(event.target.value);
              setPage(1);
            }}
            className="min-h-11 w-36 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono uppercase dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t('booking.status')}</span>
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as BookingStatus | '');
              setPage(1);
            }}
            className="min-h-11 max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">{t('myBookings.allStatuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`booking.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {bookings.isPending && <p role="status">{t('booking.loading')}</p>}
      {data && data.items.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center dark:border-slate-600">
          <p>{t('myBookings.none')}</p>
          <Link to="/" className="mt-2 inline-block underline">
            {t('home.searchFlights')}
          </Link>
        </div>
      )}
      <ul className="grid gap-3">
        {data?.items.map((item) => (
          <li
            key={item.pnr}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <div className="min-w-0 break-words">
              <p className="font-semibold">
                <span className="font-mono tracking-wider">{item.pnr}</span> · {item.route}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {formatAdDate(item.first_departure_at.slice(0, 10), currentLanguage())} ·{' '}
                {partlyCancelled(item)
                  ? t('myBookings.travelling', { names: travellingNames(item).join(', ') })
                  : item.passenger_names.join(', ')}
              </p>
              {/* After a partial cancellation: who no longer travels and what came back. */}
              {partlyCancelled(item) && (
                <p className="text-sm" data-testid="cancelled-passengers">
                  {t('myBookings.cancelledNames', {
                    names: (item.cancelled_passenger_names ?? []).join(', '),
                  })}
                  {(item.amount_refunded ?? 0) > 0 &&
                    ` · ${t('myBookings.refunded', {
                      amount: formatMoney(item.amount_refunded ?? 0, item.currency, currentLanguage()),
                    })}`}
                </p>
              )}
              {/* A master agent's list has their sub-agents' bookings (docs/accounts.md#sub-agents). */}
              {item.booked_by?.sub_agent && (
                <p className="text-sm font-medium" data-testid="booked-by">
                  {t('myBookings.bookedBySubAgent', { name: item.booked_by.name })}
                </p>
              )}
            </div>
            {/* Wraps on a phone: status, amount and actions overflow 320 px (docs/web.md#every-phone-width). */}
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800">
                {t(`booking.statuses.${item.status}`)}
              </span>
              {/* An agent is charged the fare less commission: the figure the cancel quote calls paid. */}
              {item.amount_due !== undefined && item.amount_due !== item.total && !partlyCancelled(item) ? (
                <span data-testid="agency-charge">
                  <span className="font-semibold">
                    {t('myBookings.agencyCharge', {
                      amount: formatMoney(item.amount_due, item.currency, currentLanguage()),
                    })}
                  </span>{' '}
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    (
                    {t('myBookings.fare', {
                      amount: formatMoney(item.total, item.currency, currentLanguage()),
                    })}
                    )
                  </span>
                </span>
              ) : (
                <span className="font-semibold" data-testid="booking-total">
                  {formatMoney(
                    partlyCancelled(item) ? (item.travelling_total ?? item.total) : item.total,
                    item.currency,
                    currentLanguage(),
                  )}
                </span>
              )}
              <Link
                to={`/Booking/BookingConfirm?pnr=${item.pnr}`}
                className="inline-flex min-h-11 items-center underline"
              >
                {t('myBookings.open')}
              </Link>
              {/* A sub-agent's booking is theirs to cancel, not their master's. */}
              {!item.booked_by?.sub_agent &&
                (item.status === 'held' || item.status === 'paid' || item.status === 'ticketed') && (
                  <button
                    type="button"
                    onClick={() => setCancelling(item.pnr)}
                    className="min-h-11 text-red-700 underline dark:text-red-400"
                  >
                    {t('myBookings.cancel')}
                  </button>
                )}
            </div>
            {cancelling === item.pnr && (
              <div className="basis-full">
                <CancelDialog pnr={item.pnr} onClose={() => setCancelling('')} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {data && data.total > data.page_size && (
        <nav aria-label={t('myBookings.pages')} className="flex items-center gap-3">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="min-h-11 underline disabled:opacity-50"
          >
            {t('myBookings.previous')}
          </button>
          <span>
            {page} / {Math.ceil(data.total / data.page_size)}
          </span>
          <button
            type="button"
            disabled={page * data.page_size >= data.total}
            onClick={() => setPage(page + 1)}
            className="min-h-11 underline disabled:opacity-50"
          >
            {t('myBookings.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
