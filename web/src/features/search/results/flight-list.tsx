import { useState } from 'react';
import type { FlightOffer, SearchFlight } from '#shared/flights';
import { useTranslation } from '../../../lib/i18n';
import { FlightCard } from './flight-card';

/** Flights drawn at first and per "Show more": a long list costs a cheap phone seconds to lay out. */
const FLIGHTS_PER_PAGE = 10;

/** The first flights, and a button for the next ones. */
export function FlightList(props: {
  flights: SearchFlight[];
  offers: Map<string, FlightOffer>;
  agent: boolean;
  onSelect: (offer: FlightOffer) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(FLIGHTS_PER_PAGE);
  const rest = props.flights.length - shown;
  return (
    <>
      {props.flights.slice(0, shown).map((flight) => (
        <FlightCard
          key={flight.id}
          flight={flight}
          offers={props.offers}
          agent={props.agent}
          onSelect={props.onSelect}
        />
      ))}
      {rest > 0 && (
        <button
          type="button"
          onClick={() => setShown((count) => count + FLIGHTS_PER_PAGE)}
          className="justify-self-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium dark:border-slate-600 dark:bg-slate-900"
        >
          {t('results.showMore', { count: Math.min(rest, FLIGHTS_PER_PAGE), total: rest })}
        </button>
      )}
    </>
  );
}
