import { useQuery } from '@tanstack/react-query';
import type { AdminBookingDetail } from '#shared/admin-bookings';
import type { ChangeQuote } from '#shared/booking-changes';
import { staffRoleMay } from '#shared/staff-roles';
import { DateChangeFlow, FlowButton } from '../../../components/date-change/date-change-flow';
import { flightOf } from '../../../components/date-change/use-date-change';
import { useTranslation } from '../../../lib/i18n';
import { meQueryOptions } from '../../../lib/session/get-me';
import { useChangeAdminBooking } from './api/change-admin-booking';
import { adminChangeOptionsQueryOptions } from './api/get-admin-change-options';
import { money } from './booking-format';

/**
 * The console's "Change date" on a ticketed booking (docs/bookings.md "Date change and reissue"),
 * the shared flow acting for the customer: the chosen flight is quoted by the server for the
 * booker (fare difference + change fee, and who pays: the agent's wallet or the traveller through
 * the agency), then confirmed: the tickets are reissued citing the old ones.
 */
export function ChangeBookingDate(props: { detail: AdminBookingDetail }) {
  const { booking } = props.detail;
  const change = useChangeAdminBooking(booking.pnr);
  const me = useQuery(meQueryOptions());

  // Only a ticketed booking changes date, and only the roles of `reissueBookings` change it.
  if (booking.status !== 'ticketed' || !staffRoleMay(me.data?.staff_role, 'reissueBookings')) return null;
  // A fare that allows no date change (Saver) offers none.
  if (booking.legs.every((leg) => leg.conditions?.change.allowed === false)) return null;

  return (
    <DateChangeFlow
      legs={booking.legs}
      api={{
        options: (legIndex, date) => adminChangeOptionsQueryOptions(booking.pnr, legIndex, date),
        change,
        quoteFirst: true,
      }}
      texts="admin.bookings.dateChange"
      look="console"
      testIds={{ panel: 'console-change-date', option: 'console-change-option' }}
      closable
      announceResult
      renderOption={(option, chosen, actions) =>
        chosen && (
          <ChangeQuoteDialog
            flight={flightOf(option)}
            quote={chosen}
            amount={(value) => money(value, booking.currency)}
            {...actions}
          />
        )
      }
    />
  );
}

/** The server's quote for the booker and who pays it; confirming changes the date and reissues. */
function ChangeQuoteDialog(props: {
  flight: string;
  quote: ChangeQuote;
  amount: (value: number) => string;
  confirm: () => void;
  keep: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { quote, amount } = props;
  const title = t('admin.bookings.dateChange.quoteTitle', { flight: props.flight });
  return (
    <div role="dialog" aria-label={title}>
      <h3 className="font-semibold">{title}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-1 text-sm" data-testid="console-change-quote">
        <dt>{t('admin.bookings.dateChange.difference')}</dt>
        <dd>{amount(quote.fare_difference)}</dd>
        <dt>{t('admin.bookings.dateChange.fee')}</dt>
        <dd>{amount(quote.change_fee)}</dd>
        <dt>{t('admin.bookings.dateChange.due')}</dt>
        <dd data-testid="console-change-due">{amount(quote.amount_due)}</dd>
      </dl>
      <p className="mt-2 text-sm">
        {t(`admin.bookings.dateChange.payment.${quote.payment}`, { amount: amount(quote.amount_due) })}
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{quote.rule}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <FlowButton look="console" primary busy={props.busy} onClick={() => props.confirm()}>
          {t('admin.bookings.dateChange.confirm')}
        </FlowButton>
        <FlowButton look="console" onClick={props.keep}>
          {t('admin.bookings.keep')}
        </FlowButton>
      </div>
    </div>
  );
}
