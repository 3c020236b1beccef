import { Link } from 'react-router';
import { SignInFirst } from '../../components/ui/sign-in-first';
import { TicketStatusBadge, ticketStanding } from '../../components/ui/ticket-status';
import { formatAdDate, localTime } from '../../lib/dates';
import { addTranslations, currentLanguage, useTranslation } from '../../lib/i18n';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { useMyTickets } from './api/get-my-tickets';
import { myBookingsStrings } from './my-bookings-strings';

addTranslations(myBookingsStrings);

export function MyTicketsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const tickets = useMyTickets();
  if (!user)
    return (
      <SignInFirst title={t('pages.myTickets.title')} next="/user/tickets" message={t('myBookings.logIn')} />
    );
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-semibold">{t('pages.myTickets.title')}</h1>
      {tickets.isPending && <p role="status">{t('booking.loading')}</p>}
      {tickets.data?.length === 0 && <p>{t('pages.myTickets.intro')}</p>}
      <ul className="grid gap-3">
        {tickets.data?.map((ticket) => {
          const standing = ticketStanding(ticket.status, ticket.booking_status);
          return (
            <li
              key={ticket.ticket_number}
              data-testid="ticket"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
            >
              <div>
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <span>
                    {ticket.route} · {ticket.flight}
                  </span>
                  <TicketStatusBadge standing={standing} />
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {formatAdDate(ticket.departs_at.slice(0, 10), currentLanguage())}{' '}
                  {localTime(ticket.departs_at)} · {ticket.passenger_name} ·{' '}
                  <span className={`font-mono ${standing === 'valid' ? '' : 'line-through'}`}>
                    {ticket.ticket_number}
                  </span>
                </p>
              </div>
              <div className="flex items-center gap-3">
                <Link to={`/Booking/BookingConfirm?pnr=${ticket.pnr}`} className="underline">
                  {ticket.pnr}
                </Link>
                {standing === 'valid' ? (
                  <a
                    href={`/api/b2b/v2/bookings/${ticket.pnr}/ticket.pdf`}
                    className="rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-brand-contrast"
                  >
                    {t('booking.downloadTicket')}
                  </a>
                ) : (
                  // The stamped PDF stays readable (a record of what was refunded), never as a call to act.
                  <a
                    href={`/api/b2b/v2/bookings/${ticket.pnr}/ticket.pdf`}
                    className="text-sm text-slate-600 underline dark:text-slate-400"
                  >
                    {t('ticketStatus.pdf')} · {t('ticketStatus.notValid')}
                  </a>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
