import { useId, useState } from 'react';
import type { ChangeGateway, ChangeQuote } from '#shared/booking-changes';
import type { Booking } from '#shared/bookings';
import { formatMoney } from '#shared/format-money';
import { DateChangeFlow } from '../../../components/date-change/date-change-flow';
import { flightOf } from '../../../components/date-change/use-date-change';
import { Button } from '../../../components/ui/button';
import { GATEWAY_NAMES } from '../../../lib/go-to-gateway';
import { addTranslations, currentLanguage, useTranslation } from '../../../lib/i18n';
import { changeOptionsQueryOptions, useChangeBooking } from '../api/change-booking';
import { changeDateStrings } from './change-date-strings';

addTranslations(changeDateStrings);

/** Each outcome's words and whether it is good news (a status) or needs the traveller's eye (an alert). */
const CHANGE_OUTCOMES: Record<string, { key: string; good: boolean }> = {
  success: { key: 'changeDate.paidDone', good: true },
  confirmed: { key: 'changeDate.paidConfirmed', good: true },
  pending: { key: 'changeDate.paidPending', good: false },
  stillPending: { key: 'changeDate.paidStillPending', good: false },
  failed: { key: 'changeDate.paidFailed', good: false },
  refused: { key: 'changeDate.paidRefused', good: false },
};

/**
 * What became of a change paid through a gateway, on the booking page the gateway returned to
 * (`?change=success|pending|failed`); a `pending` one is followed as the page looks at the booking
 * again (changeOutcomeOf): `confirmed`, `refused`, or `stillPending` once it stops looking. One
 * live region, so the new words are read out when they change.
 */
export function ChangePaymentNotice({ outcome }: { outcome: string | null }) {
  const { t } = useTranslation();
  const shown = outcome ? CHANGE_OUTCOMES[outcome] : undefined;
  if (!shown) return null;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="change-payment"
      data-outcome={outcome}
      className={`mt-2 ${shown.good ? 'text-green-800 dark:text-green-300' : 'text-amber-900 dark:text-amber-200'}`}
    >
      {t(shown.key)}
    </p>
  );
}

/**
 * "Change date" on a ticketed booking (docs/bookings.md "Date change and reissue"), the shared
 * flow on the booking page: each flight shows its quote; confirming, the agent's wallet pays and
 * the tickets are reissued, while a traveller chooses a gateway and pays there, coming back to
 * this page once the change is made (ChangePaymentNotice).
 */
export function ChangeDate({
  booking,
  onChanged,
}: {
  booking: Booking;
  onChanged: (booking: Booking) => void;
}) {
  const { t } = useTranslation();
  const change = useChangeBooking(booking.pnr);
  const money = (amount: number) => formatMoney(amount, booking.currency, currentLanguage());
  return (
    <DateChangeFlow
      legs={booking.legs}
      api={{
        options: (legIndex, date) => changeOptionsQueryOptions(booking.pnr, legIndex, date),
        change,
        quoteFirst: false,
      }}
      texts="changeDate"
      look="site"
      testIds={{ panel: 'change-date', option: 'change-option' }}
      onConfirmed={(answer) => answer.booking && onChanged(answer.booking)}
      renderOption={(option, chosen, actions) => (
        <>
          <p className="text-sm" data-testid="change-quote">
            {t('changeDate.difference', { amount: money(option.quote.fare_difference) })} ·{' '}
            {t('changeDate.fee', { amount: money(option.quote.change_fee) })} ·{' '}
            <strong>{t('changeDate.due', { amount: money(option.quote.amount_due) })}</strong>
          </p>
          {chosen && <ConfirmChange flight={flightOf(option)} quote={chosen} money={money} {...actions} />}
        </>
      )}
    />
  );
}

/**
 * The chosen flight's confirmation: what is paid and how; a traveller whose change costs something
 * chooses the gateway (the quote's `payment_methods`) and pays there.
 */
function ConfirmChange(props: {
  flight: string;
  quote: ChangeQuote;
  money: (amount: number) => string;
  confirm: (method: ChangeGateway | null) => void;
  keep: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [gateway, setGateway] = useState<ChangeGateway | null>(null);
  const { quote, money } = props;
  const viaGateway = quote.payment === 'gateway' && quote.payment_methods.length > 0;
  const method = gateway ?? quote.payment_methods[0] ?? null;
  const due = money(quote.amount_due);
  return (
    <fieldset className="grid gap-2">
      <legend className="font-semibold">{t('changeDate.confirmTitle', { flight: props.flight })}</legend>
      <p className="text-sm">
        {quote.amount_due <= 0
          ? t('changeDate.confirmFree')
          : viaGateway
            ? t('changeDate.confirmGateway', { amount: due })
            : t('changeDate.confirmText', { amount: due })}
      </p>
      {viaGateway && (
        <div role="radiogroup" aria-label={t('changeDate.payWith')} className="flex flex-wrap gap-2">
          {quote.payment_methods.map((m) => (
            <label
              key={m}
              className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
            >
              <input
                type="radio"
                name={`${ids}-gateway`}
                value={m}
                checked={method === m}
                onChange={() => setGateway(m)}
              />
              <span className="font-medium">{GATEWAY_NAMES[m]}</span>
            </label>
          ))}
        </div>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('changeDate.rule', { rule: quote.rule })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" busy={props.busy} onClick={() => props.confirm(viaGateway ? method : null)}>
          {viaGateway && method
            ? t('changeDate.confirmWith', { amount: due, gateway: GATEWAY_NAMES[method] })
            : t('changeDate.confirm', { amount: due })}
        </Button>
        <Button type="button" variant="secondary" onClick={props.keep}>
          {t('changeDate.cancel')}
        </Button>
      </div>
    </fieldset>
  );
}
