import type { BookingStatus } from '#shared/bookings';
import { addTranslations, useTranslation } from '../../lib/i18n';
import { ticketStatusStrings } from './ticket-status-strings';

addTranslations(ticketStatusStrings);

/** Where a ticket stands for the traveller: only a `valid` one may be used to travel. */
export type TicketStanding = 'valid' | 'refunded' | 'cancelled' | 'void' | 'exchanged';

/**
 * A ticket's standing from its own status and its booking's
 * (docs/bookings.md#tickets-no-longer-valid-for-travel): the same rule as the stamp on the e-ticket PDF
 * (server/src/domain/tickets/render-ticket-pdf.ts, ticketStampOf).
 */
export function ticketStanding(
  ticketStatus: 'open' | 'void' | 'refunded' | 'exchanged',
  bookingStatus?: BookingStatus,
): TicketStanding {
  // Replaced by a reissued ticket (date change): never valid, whatever the booking's status.
  if (ticketStatus === 'exchanged') return 'exchanged';
  if (ticketStatus === 'refunded' || bookingStatus === 'refunded') return 'refunded';
  if (bookingStatus === 'cancelled') return 'cancelled';
  if (ticketStatus === 'void') return 'void';
  return 'valid';
}

/** A badge naming the ticket's standing: green only for a valid ticket. */
export function TicketStatusBadge(props: { standing: TicketStanding }) {
  const { t } = useTranslation();
  const valid = props.standing === 'valid';
  return (
    <span
      data-testid="ticket-status"
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide ${
        valid
          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50'
          : 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'
      }`}
    >
      {t(`ticketStatus.${props.standing}`)}
    </span>
  );
}
