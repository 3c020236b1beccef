import { useId, useState } from 'react';
import type { FareFamilyOption, FlightOffer, OfferPrice, SearchFlight } from '#shared/flights';
import { localTime } from '../../../lib/dates';
import { fareFamilyName, refundRulesText } from '../../../lib/fare-terms';
import { useTranslation } from '../../../lib/i18n';
import { conditionLabels } from './condition-labels';
import { duration, money } from './format';
import { layoversOf } from './layovers';

const AIRLINE_COLOURS = ['#0b6e4f', '#1d3f8f', '#c8102e', '#7c3aed', '#b45309', '#0e7490'];
const colourOf = (code: string) =>
  AIRLINE_COLOURS[(code.charCodeAt(0) + code.charCodeAt(1)) % AIRLINE_COLOURS.length];

/**
 * One flight (or connection) with the fare families it is sold at, as the airlines and Google
 * Flights show them: the cheapest family chosen at first, "Select" books the family chosen.
 */
export function FlightCard(props: {
  flight: SearchFlight;
  /** The leg's offers by id: the family chosen is booked as its offer. */
  offers: Map<string, FlightOffer>;
  agent: boolean;
  onSelect: (offer: FlightOffer) => void;
}) {
  const { t } = useTranslation();
  const { flight } = props;
  const [open, setOpen] = useState(false);
  const [chosenId, setChosenId] = useState(flight.families[0]?.offer_id ?? '');
  const id = useId();
  const first = flight.segments[0];
  const last = flight.segments.at(-1);
  const chosen = flight.families.find((f) => f.offer_id === chosenId) ?? flight.families[0];
  const chosenOffer = chosen ? props.offers.get(chosen.offer_id) : undefined;
  if (!first || !last || !chosen) return null;
  const airlines = [...new Set(flight.segments.map((s) => s.airline_name))].join(' + ');
  const via = flight.segments.slice(0, -1).map((s) => s.dest_code);
  const warnings = layoversOf(flight.segments).flatMap((layover) => [
    ...(layover.long
      ? [t('results.longLayover', { duration: duration(layover.minutes), airport: layover.airport })]
      : []),
    ...(layover.overnight ? [t('results.overnightLayover', { airport: layover.airport })] : []),
  ]);
  const currency = chosen.price.currency;
  const several = flight.families.length > 1;

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="flex min-w-0 flex-1 basis-0 items-center gap-3 sm:min-w-40 sm:flex-none sm:basis-auto">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-sm font-bold text-white"
            style={{ backgroundColor: colourOf(first.airline_code) }}
          >
            {first.airline_code}
          </span>
          <div className="min-w-0">
            <h3 id={`${id}-title`} className="font-semibold">
              {airlines}
            </h3>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {flight.segments
                .map((s) => `${s.airline_code} ${s.flight_number.replace(s.airline_code, '')}`)
                .join(', ')}
            </p>
          </div>
        </div>
        {/* On a phone the times take their own row, so the price stays on the first one. */}
        <div className="order-last flex w-full items-center gap-3 sm:order-none sm:w-auto sm:min-w-44 sm:flex-1">
          <div className="text-center">
            <div className="text-lg font-semibold">{localTime(first.depart_at)}</div>
            <div className="text-xs">{first.depart_code}</div>
          </div>
          <div className="flex-1 text-center text-xs text-slate-600 dark:text-slate-400">
            <div>{duration(flight.duration_minutes)}</div>
            <div className="my-1 h-px bg-slate-300 dark:bg-slate-600" />
            <div>
              {flight.stops === 0
                ? t('results.nonstop')
                : t('results.stops', { count: flight.stops, via: via.join(', ') })}
            </div>
          </div>
          <div className="text-center">
            <div className="text-lg font-semibold">
              {localTime(last.arrive_at)}
              {last.arrive_at.slice(0, 10) !== first.depart_at.slice(0, 10) && (
                <sup
                  className="ml-0.5 text-xs text-amber-700 dark:text-amber-400"
                  title={t('results.nextDay')}
                >
                  +1
                </sup>
              )}
            </div>
            <div className="text-xs">{last.dest_code}</div>
          </div>
        </div>
        <div className="ml-auto text-right">
          {several && <div className="text-xs text-slate-600 dark:text-slate-400">{t('results.from')}</div>}
          <div className="text-lg font-bold sm:text-xl">{money(flight.lowest_total, currency)}</div>
        </div>
      </div>

      {warnings.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2 text-xs" data-testid="layover-warnings">
          {warnings.map((warning) => (
            <li
              key={warning}
              className="rounded-full bg-amber-100 px-2.5 py-1 font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
            >
              <span aria-hidden="true">⚠ </span>
              {warning}
            </li>
          ))}
        </ul>
      )}

      <fieldset className="mt-3">
        <legend className="mb-1 text-sm font-medium">
          {several ? t('results.chooseFare') : t('results.fare')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]">
          {flight.families.map((option) => (
            <FamilyOption
              key={option.offer_id}
              name={`${id}-family`}
              option={option}
              checked={option.offer_id === chosen.offer_id}
              onChoose={() => setChosenId(option.offer_id)}
            />
          ))}
        </div>
      </fieldset>

      <div className="mt-3 flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          className="mr-auto min-h-11 text-sm underline"
        >
          {open ? t('results.hideDetails') : t('results.details')}
        </button>
        {props.agent && chosen.price.commission && <AgentFigures price={chosen.price} />}
        <button
          type="button"
          disabled={!chosenOffer}
          onClick={() => chosenOffer && props.onSelect(chosenOffer)}
          className="min-h-11 rounded-lg bg-brand px-5 py-2 font-semibold text-brand-contrast disabled:opacity-50"
          aria-describedby={`${id}-title`}
        >
          {t('results.select')}
          {several && <span className="font-normal"> · {fareFamilyName(t, chosen.family)}</span>}
        </button>
      </div>
      {open && (
        <div className="mt-3 space-y-2 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
          {chosenOffer?.segments.map((s) => (
            <p key={`${s.flight_number}-${s.depart_at}`}>
              <strong>
                {localTime(s.depart_at)} {s.depart_code} → {localTime(s.arrive_at)} {s.dest_code}
              </strong>{' '}
              · {s.airline_name} {s.flight_number} · {s.aircraft} · {duration(s.duration_minutes)} ·{' '}
              {t('results.classCode', { code: s.class_code })}
            </p>
          ))}
          <p className="text-slate-600 dark:text-slate-400">
            {fareFamilyName(t, chosen.family)}:{' '}
            {chosen.conditions ? refundRulesText(t, chosen.conditions) : chosen.refund_policy}
          </p>
          <ul className="text-slate-600 dark:text-slate-400">
            {chosen.price.per_passenger.map((p) => (
              <li key={p.type}>
                {t(`results.passenger.${p.type}`)} × {p.count}: {money(p.base, currency)} {t('results.base')}{' '}
                + {money(p.fuel_surcharge, currency)} {t('results.fuel')} + {money(p.taxes, currency)}{' '}
                {t('results.taxes')} = {money(p.subtotal, currency)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}

/** A fare family as a choice: its price, and from its conditions the baggage kg and the cancel and change fees. */
function FamilyOption(props: {
  name: string;
  option: FareFamilyOption;
  checked: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const { option } = props;
  const labels = conditionLabels(t, option.conditions);
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-start gap-2 rounded-lg border p-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${props.checked ? 'border-brand bg-slate-50 ring-1 ring-brand dark:bg-slate-800' : 'border-slate-300 dark:border-slate-600'}`}
    >
      <input
        type="radio"
        name={props.name}
        value={option.offer_id}
        checked={props.checked}
        onChange={props.onChoose}
        className="mt-1 h-4 w-4 shrink-0 accent-brand"
      />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="font-semibold">{fareFamilyName(t, option.family)}</span>
          <span className="font-semibold">{money(option.price.total, option.price.currency)}</span>
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-300" data-testid="family-baggage">
          {t('results.baggage')}: {labels.baggage}
        </span>
        <span
          className={`text-xs ${labels.refundable ? 'text-emerald-800 dark:text-emerald-300' : 'text-amber-800 dark:text-amber-300'}`}
          data-testid="family-cancel"
        >
          {labels.cancel}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-300" data-testid="family-change">
          {labels.change}
        </span>
        {option.seats_left <= 5 && (
          <span className="text-xs font-medium text-red-700 dark:text-red-400">
            {t('results.seatsLeft', { count: option.seats_left })}
          </span>
        )}
      </span>
    </label>
  );
}

/** What the agent earns on the family chosen, and what they and their client pay. */
function AgentFigures(props: { price: OfferPrice }) {
  const { t } = useTranslation();
  const { price } = props;
  if (!price.commission) return null;
  return (
    <div className="text-right text-xs text-emerald-700 dark:text-emerald-400">
      {t('results.commission', { amount: money(price.commission.amount, price.currency) })} ·{' '}
      {price.master_markup && (
        <>{t('results.masterMarkup', { amount: money(price.master_markup.amount, price.currency) })} · </>
      )}
      {t('results.net', { amount: money(price.commission.net_total, price.currency) })}
      {price.agent_markup && (
        <>
          {' '}
          · {t('results.clientPrice', { amount: money(price.agent_markup.selling_total, price.currency) })}
        </>
      )}
    </div>
  );
}
