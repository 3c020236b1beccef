import { useId, useState } from 'react';
import type { ChangeGateway, ChangeOptions } from '#shared/booking-changes';
import type { Booking } from '#shared/bookings';
import { formatMoney } from '#shared/format-money';
import { Button } from '../../../components/ui/button';
import { ChangeLegDateFields } from '../../../components/ui/change-leg-date-fields';
import { ApiError } from '../../../lib/api-client';
import { addTranslations, currentLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useChangeBooking, useChangeOptions } from '../api/change-booking';
import { submitGatewayForm } from '../api/pay-booking';
import { changeDateStrings } from './change-date-strings';

addTranslations(changeDateStrings);

type ChangeOption = ChangeOptions['options'][number];

const localTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');

const GATEWAY_NAMES: Record<ChangeGateway, string> = {
  esewa: 'eSewa',
  khalti: 'Khalti',
  connectips: 'ConnectIPS',
};

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
 * "Change date" on a ticketed booking (docs/bookings.md "Date change and reissue"): pick a leg and
 * a new date, see that route's flights with their quote (fare difference + change fee), confirm:
 * the agent's wallet pays and the tickets are reissued; a traveller chooses a gateway and pays
 * there, coming back to this page once the change is made.
 */
export function ChangeDate({
  booking,
  onChanged,
}: {
  booking: Booking;
  onChanged: (booking: Booking) => void;
}) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [legIndex, setLegIndex] = useState(0);
  const [date, setDate] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ChangeOption | null>(null);
  const [gateway, setGateway] = useState<ChangeGateway | null>(null);
  const options = useChangeOptions(booking.pnr, legIndex, open ? asked : null);
  const change = useChangeBooking(booking.pnr);
  const money = (amount: number) => formatMoney(amount, booking.currency, currentLanguage());

  const confirm = (option: ChangeOption, method: ChangeGateway | null) =>
    change.mutate(
      {
        leg_index: legIndex,
        offer_id: option.offer.id,
        total: option.offer.price.total,
        confirm: true,
        ...(method ? { method } : {}),
      },
      {
        onSuccess: (answer) => {
          const action = answer.payment_action;
          if (action?.type === 'form') return submitGatewayForm(action.url, action.fields);
          if (action?.type === 'redirect') return window.location.assign(action.url);
          setChosen(null);
          setOpen(false);
          setAsked(null);
          if (answer.booking) onChanged(answer.booking);
          notify.success(
            answer.invoice_number
              ? `${t('changeDate.done')} ${t('changeDate.invoice', { number: answer.invoice_number })}`
              : t('changeDate.done'),
          );
        },
        onError: showError,
      },
    );

  return (
    <section
      aria-labelledby={`${ids}-title`}
      data-testid="change-date"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {t('changeDate.title')}
        </h2>
        {!open && (
          <Button type="button" variant="secondary" onClick={() => setOpen(true)} aria-expanded={open}>
            {t('changeDate.open')}
          </Button>
        )}
      </div>
      {open && (
        <form
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setChosen(null);
            setAsked(date || null);
          }}
        >
          <ChangeLegDateFields
            legs={booking.legs}
            legIndex={legIndex}
            date={date}
            labels={{ leg: t('changeDate.leg'), date: t('changeDate.date') }}
            inputClassName="h-11 rounded-lg border border-slate-300 px-2 dark:border-slate-700 dark:bg-slate-900"
            onLegChange={(index) => {
              setLegIndex(index);
              setAsked(null);
            }}
            onDateChange={setDate}
          />
          <Button type="submit" busy={options.isFetching}>
            {t('changeDate.show')}
          </Button>
        </form>
      )}
      {open && asked && options.isError && (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
          {options.error instanceof ApiError ? options.error.message : t('messages.genericError')}
        </p>
      )}
      {open && asked && options.data && options.data.options.length === 0 && (
        <p className="mt-3">{t('changeDate.none')}</p>
      )}
      {open && asked && options.data && options.data.options.length > 0 && (
        <ul className="mt-3 grid gap-2" aria-label={t('changeDate.options')}>
          {options.data.options.map((option) => {
            const first = option.offer.segments[0];
            const last = option.offer.segments.at(-1);
            const flight = option.offer.segments.map((s) => s.flight_number).join(', ');
            const picked = chosen?.offer.id === option.offer.id;
            const viaGateway = option.quote.payment === 'gateway' && option.quote.payment_methods.length > 0;
            const method = gateway ?? option.quote.payment_methods[0] ?? null;
            return (
              <li
                key={option.offer.id}
                data-testid="change-option"
                className="grid gap-2 rounded-lg p-3 ring-1 ring-slate-200 dark:ring-slate-700"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    <strong>{flight}</strong> · {localTime(first?.depart_at ?? '')} →{' '}
                    {localTime(last?.arrive_at ?? '')} · {option.offer.fare.family}
                  </span>
                  {!picked && (
                    <Button type="button" onClick={() => setChosen(option)}>
                      {t('changeDate.choose')}
                    </Button>
                  )}
                </div>
                <p className="text-sm" data-testid="change-quote">
                  {t('changeDate.difference', { amount: money(option.quote.fare_difference) })} ·{' '}
                  {t('changeDate.fee', { amount: money(option.quote.change_fee) })} ·{' '}
                  <strong>{t('changeDate.due', { amount: money(option.quote.amount_due) })}</strong>
                </p>
                {picked && (
                  <fieldset className="grid gap-2">
                    <legend className="font-semibold">{t('changeDate.confirmTitle', { flight })}</legend>
                    <p className="text-sm">
                      {option.quote.amount_due <= 0
                        ? t('changeDate.confirmFree')
                        : viaGateway
                          ? t('changeDate.confirmGateway', { amount: money(option.quote.amount_due) })
                          : t('changeDate.confirmText', { amount: money(option.quote.amount_due) })}
                    </p>
                    {viaGateway && (
                      <div
                        role="radiogroup"
                        aria-label={t('changeDate.payWith')}
                        className="flex flex-wrap gap-2"
                      >
                        {option.quote.payment_methods.map((m) => (
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
                      {t('changeDate.rule', { rule: option.quote.rule })}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        type="button"
                        busy={change.isPending}
                        onClick={() => confirm(option, viaGateway ? method : null)}
                      >
                        {viaGateway && method
                          ? t('changeDate.confirmWith', {
                              amount: money(option.quote.amount_due),
                              gateway: GATEWAY_NAMES[method],
                            })
                          : t('changeDate.confirm', { amount: money(option.quote.amount_due) })}
                      </Button>
                      <Button type="button" variant="secondary" onClick={() => setChosen(null)}>
                        {t('changeDate.cancel')}
                      </Button>
                    </div>
                  </fieldset>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
