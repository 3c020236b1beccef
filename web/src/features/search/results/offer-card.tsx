import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightOffer } from '#shared/flights';
import { localTime } from '../../../lib/dates';
import { duration, money } from './format';

const AIRLINE_COLOURS = ['#0b6e4f', '#1d3f8f', '#c8102e', '#7c3aed', '#b45309', '#0e7490'];
const colourOf = (code: string) =>
  AIRLINE_COLOURS[(code.charCodeAt(0) + code.charCodeAt(1)) % AIRLINE_COLOURS.length];

export function OfferCard(props: {
  offer: FlightOffer;
  agent: boolean;
  onSelect: (offer: FlightOffer) => void;
}) {
  const { t } = useTranslation();
  const { offer } = props;
  const [open, setOpen] = useState(false);
  const id = useId();
  const first = offer.segments[0];
  const last = offer.segments.at(-1);
  if (!first || !last) return null;
  const airlines = [...new Set(offer.segments.map((s) => s.airline_name))].join(' + ');
  const via = offer.segments.slice(0, -1).map((s) => s.dest_code);

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex min-w-40 items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 items-center justify-center rounded-lg text-sm font-bold text-white"
            style={{ backgroundColor: colourOf(first.airline_code) }}
          >
            {first.airline_code}
          </span>
          <div>
            <h3 id={`${id}-title`} className="font-semibold">
              {airlines}
            </h3>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {offer.segments
                .map((s) => `${s.airline_code} ${s.flight_number.replace(s.airline_code, '')}`)
                .join(', ')}
            </p>
          </div>
        </div>
        <div className="flex flex-1 items-center gap-3">
          <div className="text-center">
            <div className="text-lg font-semibold">{localTime(first.depart_at)}</div>
            <div className="text-xs">{first.depart_code}</div>
          </div>
          <div className="flex-1 text-center text-xs text-slate-600 dark:text-slate-400">
            <div>{duration(offer.duration_minutes)}</div>
            <div className="my-1 h-px bg-slate-300 dark:bg-slate-600" />
            <div>
              {offer.stops === 0
                ? t('results.nonstop')
                : t('results.stops', { count: offer.stops, via: via.join(', ') })}
            </div>
          </div>
          <div className="text-center">
            <div className="text-lg font-semibold">
              {localTime(last.arrive_at)}
              {last.arrive_at.slice(0, 10) !== first.depart_at.slice(0, 10) && (
                <sup className="ml-0.5 text-xs text-amber-700" title={t('results.nextDay')}>
                  +1
                </sup>
              )}
            </div>
            <div className="text-xs">{last.dest_code}</div>
          </div>
        </div>
        <div className="min-w-36 text-right">
          <div className="text-xl font-bold">{money(offer.price.total, offer.price.currency)}</div>
          {props.agent && offer.price.commission && (
            <div className="text-xs text-emerald-700 dark:text-emerald-400">
              {t('results.commission', {
                amount: money(offer.price.commission.amount, offer.price.currency),
              })}{' '}
              · {t('results.net', { amount: money(offer.price.commission.net_total, offer.price.currency) })}
              {offer.price.agent_markup && (
                <>
                  {' '}
                  ·{' '}
                  {t('results.clientPrice', {
                    amount: money(offer.price.agent_markup.selling_total, offer.price.currency),
                  })}
                </>
              )}
            </div>
          )}
          <button
            type="button"
            onClick={() => props.onSelect(offer)}
            className="mt-2 rounded-lg bg-brand px-5 py-2 font-semibold text-brand-contrast"
            aria-describedby={`${id}-title`}
          >
            {t('results.select')}
          </button>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-slate-100 px-2 py-1 dark:bg-slate-800">
          {t('results.fare')}: {offer.fare.family}
        </span>
        <span className="rounded-full bg-slate-100 px-2 py-1 dark:bg-slate-800">
          {t('results.baggage')}: {offer.fare.baggage}
        </span>
        <span
          className={`rounded-full px-2 py-1 ${offer.fare.refundable ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200'}`}
        >
          {offer.fare.refundable ? t('results.refundable') : t('results.nonRefundable')}
        </span>
        {offer.seats_left <= 5 && (
          <span className="font-medium text-red-700 dark:text-red-400">
            {t('results.seatsLeft', { count: offer.seats_left })}
          </span>
        )}
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          className="ml-auto underline"
        >
          {open ? t('results.hideDetails') : t('results.details')}
        </button>
      </div>
      {open && (
        <div className="mt-3 space-y-2 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
          {offer.segments.map((s) => (
            <p key={`${s.flight_number}-${s.depart_at}`}>
              <strong>
                {localTime(s.depart_at)} {s.depart_code} → {localTime(s.arrive_at)} {s.dest_code}
              </strong>{' '}
              · {s.airline_name} {s.flight_number} · {s.aircraft} · {duration(s.duration_minutes)} ·{' '}
              {t('results.classCode', { code: s.class_code })}
            </p>
          ))}
          <p className="text-slate-600 dark:text-slate-400">{offer.fare.refund_policy}</p>
          <ul className="text-slate-600 dark:text-slate-400">
            {offer.price.per_passenger.map((p) => (
              <li key={p.type}>
                {t(`results.passenger.${p.type}`)} × {p.count}: {money(p.base, offer.price.currency)}{' '}
                {t('results.base')} + {money(p.fuel_surcharge, offer.price.currency)} {t('results.fuel')} +{' '}
                {money(p.taxes, offer.price.currency)} {t('results.taxes')} ={' '}
                {money(p.subtotal, offer.price.currency)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
