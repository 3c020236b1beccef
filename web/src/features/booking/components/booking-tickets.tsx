import type { Booking } from '#shared/bookings';
import { TicketStatusBadge, ticketStanding } from '../../../components/ui/ticket-status';
import { useTranslation } from '../../../lib/i18n';
import { invoicePdfUrl, ticketPdfUrl } from '../api/get-booking';
import { itineraryShareText, whatsAppShareUrl } from '../share-itinerary';

const passengerOf = (booking: Booking, passengerId: string) =>
  booking.passengers.find((p) => p.id === passengerId);

/**
 * A ticketed booking's tickets (an exchanged one struck through beside the one reissued from it),
 * the ticket PDF (an agent's also without the price), the tax invoice and WhatsApp sharing.
 */
export function IssuedTickets(props: { booking: Booking; agent: boolean }) {
  const { t } = useTranslation();
  const data = props.booking;
  return (
    <section
      aria-labelledby="tickets"
      className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:ring-emerald-800"
    >
      <h2 id="tickets" className="text-lg font-semibold">
        {t('booking.ticketsIssued')}
      </h2>
      <ul className="mt-2 grid gap-1 text-sm">
        {data.tickets.map((ticket) => {
          const passenger = passengerOf(data, ticket.passenger_id);
          // A partial cancellation leaves the booking ticketed: its cancelled passengers' tickets say so.
          const standing = ticketStanding(ticket.status, data.status);
          const testId =
            standing === 'valid'
              ? 'valid-ticket'
              : standing === 'exchanged'
                ? 'exchanged-ticket'
                : 'refunded-ticket';
          return (
            <li key={ticket.ticket_number} data-testid={testId} className="flex flex-wrap items-center gap-2">
              <span className={`font-mono ${standing === 'valid' ? '' : 'line-through'}`}>
                {ticket.ticket_number}
              </span>{' '}
              · {passenger?.first_name} {passenger?.last_name}
              {standing !== 'valid' && <TicketStatusBadge standing={standing} />}
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
      {props.agent && (
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
  );
}

/** A cancelled or refunded booking's tickets, each with why it is no longer valid, and its PDF. */
export function CancelledTickets(props: { booking: Booking }) {
  const { t } = useTranslation();
  const data = props.booking;
  return (
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
          const passenger = passengerOf(data, ticket.passenger_id);
          return (
            <li key={ticket.ticket_number} className="flex flex-wrap items-center gap-2">
              <span className="font-mono line-through">{ticket.ticket_number}</span> · {passenger?.first_name}{' '}
              {passenger?.last_name}
              <TicketStatusBadge standing={ticketStanding(ticket.status, data.status)} />
            </li>
          );
        })}
      </ul>
      <a href={ticketPdfUrl(data.pnr)} className="mt-3 inline-block text-sm underline">
        {t('ticketStatus.pdf')} · {t('ticketStatus.notValid')}
      </a>
    </section>
  );
}
