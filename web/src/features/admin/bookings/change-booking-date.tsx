import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminBookingDetail, AdminChangeResponse } from '#shared/admin-bookings';
import type { ChangeOptions } from '#shared/booking-changes';
import { staffRoleMay } from '#shared/staff-roles';
import { ChangeLegDateFields } from '../../../components/ui/change-leg-date-fields';
import { buttonClass, inputClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { meQueryOptions } from '../../../lib/session/get-me';
import { useChangeAdminBooking } from './api/change-admin-booking';
import { useAdminChangeOptions } from './api/get-admin-change-options';
import { errorText, money } from './booking-format';

type ChangeOption = ChangeOptions['options'][number];

const localTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * The console's "Change date" on a ticketed booking (docs/bookings.md "Date change and reissue"):
 * a leg and a new date, that route's flights priced for the booker, the chosen flight's quote
 * (fare difference + change fee, and who pays: the agent's wallet or the traveller through the
 * agency), confirm: the tickets are reissued citing the old ones.
 */
export function ChangeBookingDate(props: { detail: AdminBookingDetail }) {
  const { t } = useTranslation();
  const { booking } = props.detail;
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [legIndex, setLegIndex] = useState(0);
  const [date, setDate] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ option: ChangeOption; quote: AdminChangeResponse['quote'] } | null>(
    null,
  );
  const [result, setResult] = useState('');
  const options = useAdminChangeOptions(booking.pnr, legIndex, open ? asked : null);
  const change = useChangeAdminBooking();
  const me = useQuery(meQueryOptions());
  const amount = (value: number) => money(value, booking.currency);

  // Only a ticketed booking changes date, and only the roles of `reissueBookings` change it.
  if (booking.status !== 'ticketed' || !staffRoleMay(me.data?.staff_role, 'reissueBookings')) return null;

  const body = (option: ChangeOption, confirm: boolean) => ({
    leg_index: legIndex,
    offer_id: option.offer.id,
    total: option.offer.price.total,
    confirm,
  });
  const quote = (option: ChangeOption) =>
    change.mutate(
      { pnr: booking.pnr, body: body(option, false) },
      {
        onSuccess: (answer) => setChosen({ option, quote: answer.quote }),
        onError: (error) => notify.error(errorText(error, t('messages.genericError'))),
      },
    );
  const confirm = (option: ChangeOption) =>
    change.mutate(
      { pnr: booking.pnr, body: body(option, true) },
      {
        onSuccess: (answer) => {
          setChosen(null);
          setAsked(null);
          setOpen(false);
          const message = answer.invoice_number
            ? `${t('admin.bookings.dateChange.done')} ${t('admin.bookings.dateChange.invoice', { number: answer.invoice_number })}`
            : t('admin.bookings.dateChange.done');
          setResult(message);
          notify.success(message);
        },
        onError: (error) => notify.error(errorText(error, t('messages.genericError'))),
      },
    );

  return (
    <section
      aria-labelledby={`${ids}-title`}
      data-testid="console-change-date"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {t('admin.bookings.dateChange.title')}
        </h2>
        {!open && (
          <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
            {t('admin.bookings.dateChange.open')}
          </button>
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
            labels={{ leg: t('admin.bookings.dateChange.leg'), date: t('admin.bookings.dateChange.date') }}
            inputClassName={inputClass}
            onLegChange={(index) => {
              setLegIndex(index);
              setChosen(null);
              setAsked(null);
            }}
            onDateChange={setDate}
          />
          <button type="submit" className={buttonClass} disabled={options.isFetching}>
            {t('admin.bookings.dateChange.show')}
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setOpen(false);
              setChosen(null);
              setAsked(null);
            }}
          >
            {t('admin.bookings.dateChange.close')}
          </button>
        </form>
      )}
      {open && asked && options.isError && (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
          {errorText(options.error, t('messages.genericError'))}
        </p>
      )}
      {open && asked && options.data?.options.length === 0 && (
        <p className="mt-3 text-sm">{t('admin.bookings.dateChange.none')}</p>
      )}
      {open && asked && options.data && options.data.options.length > 0 && (
        <ul className="mt-3 grid gap-2" aria-label={t('admin.bookings.dateChange.options')}>
          {options.data.options.map((option) => {
            const first = option.offer.segments[0];
            const last = option.offer.segments.at(-1);
            const flight = option.offer.segments.map((s) => s.flight_number).join(', ');
            const picked = chosen?.option.offer.id === option.offer.id ? chosen.quote : null;
            return (
              <li
                key={option.offer.id}
                data-testid="console-change-option"
                className="grid gap-2 rounded-md p-3 ring-1 ring-slate-200 dark:ring-slate-700"
              >
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span>
                    <strong>{flight}</strong> · {localTime(first?.depart_at ?? '')} →{' '}
                    {localTime(last?.arrive_at ?? '')} · {option.offer.fare.family}
                  </span>
                  {!picked && (
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      disabled={change.isPending}
                      onClick={() => quote(option)}
                    >
                      {t('admin.bookings.dateChange.choose')}
                    </button>
                  )}
                </div>
                {picked && (
                  <div role="dialog" aria-label={t('admin.bookings.dateChange.quoteTitle', { flight })}>
                    <h3 className="font-semibold">{t('admin.bookings.dateChange.quoteTitle', { flight })}</h3>
                    <dl className="mt-2 grid grid-cols-2 gap-1 text-sm" data-testid="console-change-quote">
                      <dt>{t('admin.bookings.dateChange.difference')}</dt>
                      <dd>{amount(picked.fare_difference)}</dd>
                      <dt>{t('admin.bookings.dateChange.fee')}</dt>
                      <dd>{amount(picked.change_fee)}</dd>
                      <dt>{t('admin.bookings.dateChange.due')}</dt>
                      <dd data-testid="console-change-due">{amount(picked.amount_due)}</dd>
                    </dl>
                    <p className="mt-2 text-sm">
                      {t(`admin.bookings.dateChange.payment.${picked.payment}`, {
                        amount: amount(picked.amount_due),
                      })}
                    </p>
                    <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{picked.rule}</p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={buttonClass}
                        disabled={change.isPending}
                        onClick={() => confirm(option)}
                      >
                        {t('admin.bookings.dateChange.confirm')}
                      </button>
                      <button type="button" className={secondaryButtonClass} onClick={() => setChosen(null)}>
                        {t('admin.bookings.keep')}
                      </button>
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" aria-live="polite" className="mt-2 text-sm font-medium" data-testid="change-result">
        {result}
      </p>
    </section>
  );
}
