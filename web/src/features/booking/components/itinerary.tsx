import type { FlightOffer } from '#shared/flights';
import { formatAdDate, localTime } from '../../../lib/dates';
import { baggageText, fareFamilyName, refundRulesText } from '../../../lib/fare-terms';
import { currentLanguage, useTranslation } from '../../../lib/i18n';

/** The chosen flights, leg by leg, with local times, baggage and the fare's rules. */
export function Itinerary(props: { legs: FlightOffer[] }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="itinerary"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="itinerary" className="font-semibold">
        {t('booking.yourFlights')}
      </h2>
      <ol className="mt-3 grid gap-4">
        {props.legs.map((leg, index) => (
          <li key={leg.id} className="grid gap-1 text-sm">
            <p className="font-medium">
              {t('search.flightN', { n: index + 1 })}: {leg.segments[0]?.depart_code} →{' '}
              {leg.segments.at(-1)?.dest_code} ·{' '}
              {leg.segments[0] && formatAdDate(leg.segments[0].depart_at.slice(0, 10), currentLanguage())}
            </p>
            {leg.segments.map((s) => (
              <p key={`${s.flight_number}-${s.depart_at}`} className="text-slate-700 dark:text-slate-300">
                {localTime(s.depart_at)} {s.depart_code} → {localTime(s.arrive_at)} {s.dest_code} ·{' '}
                {s.airline_name} {s.flight_number} · {s.aircraft}
              </p>
            ))}
            <p className="text-slate-600 dark:text-slate-400">
              {fareFamilyName(t, leg.fare.family)} · {t('results.baggage')}:{' '}
              {leg.conditions ? baggageText(t, leg.conditions.baggage) : leg.fare.baggage} ·{' '}
              {leg.conditions ? refundRulesText(t, leg.conditions) : leg.fare.refund_policy}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
