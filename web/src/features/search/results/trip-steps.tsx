import type { FlightOffer } from '#shared/flights';
import { useTranslation } from '../../../lib/i18n';
import type { plannedLegs } from '../search-url';
import { money } from './format';

/**
 * The steps of a round trip or a multi-city trip, one per flight: a step already chosen shows its
 * price, and one is open once the flights before it are chosen.
 */
export function TripSteps(props: {
  planned: ReturnType<typeof plannedLegs>;
  chosen: FlightOffer[];
  step: number;
  onStep: (index: number) => void;
}) {
  const { t } = useTranslation();
  const { chosen, step } = props;
  return (
    <ol className="flex flex-wrap gap-2" aria-label={t('results.steps')}>
      {props.planned.map((l, index) => (
        <li key={`${l.from}-${l.to}-${l.date}`}>
          <button
            type="button"
            disabled={index > chosen.length}
            aria-current={index === step ? 'step' : undefined}
            onClick={() => props.onStep(index)}
            className={`rounded-full border px-3 py-1 text-sm disabled:opacity-50 ${index === step ? 'border-brand bg-brand text-brand-contrast' : 'border-slate-300 dark:border-slate-600'}`}
          >
            {index + 1}. {l.from} → {l.to}
            {chosen[index] &&
              index !== step &&
              ` · ${money((chosen[index] as FlightOffer).price.total, (chosen[index] as FlightOffer).price.currency)}`}
          </button>
        </li>
      ))}
    </ol>
  );
}
