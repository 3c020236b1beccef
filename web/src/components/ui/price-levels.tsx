import type { PriceBreakdown } from '#shared/sub-agents';
import { addTranslations, useTranslation } from '../../lib/i18n';
import { priceLevelsStrings } from './price-levels-strings';

addTranslations(priceLevelsStrings);

/**
 * Who earns what of one booking (docs/accounts.md#sub-agents), as the API's `price_breakdown` gives it to the
 * viewer: what the traveller pays, each level the viewer may see (charges, pays, earns), what the
 * agent is charged by the agency, and the sum that shows they add up. A sub-agent sees their own level, whose
 * payment to their master and earnings add up to the traveller's price. Nothing for a traveller's
 * booking (no levels).
 */
export function PriceLevels(props: { breakdown: PriceBreakdown; money: (amount: number) => string }) {
  const { t } = useTranslation();
  const { breakdown, money } = props;
  if (breakdown.levels.length === 0) return null;
  const top = breakdown.levels[0];
  const earnings = breakdown.levels.map((level) => money(level.earns)).join(' + ');
  return (
    <section
      aria-labelledby="price-levels-heading"
      data-testid="price-levels"
      className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="price-levels-heading" className="text-lg font-semibold">
        {t('priceLevels.title')}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t('priceLevels.travellerPays')}</dt>
        <dd data-testid="traveller-pays">{money(breakdown.traveller_pays)}</dd>
        {breakdown.agency_charged !== null && (
          <>
            <dt className="font-medium">{t('priceLevels.agencyCharged')}</dt>
            <dd data-testid="agency-charged">{money(breakdown.agency_charged)}</dd>
          </>
        )}
      </dl>
      <ul className="mt-2 grid gap-1">
        {breakdown.levels.map((level) => (
          <li key={`${level.role}-${level.agent_id}`} data-testid={`level-${level.role}`}>
            {t('priceLevels.level', {
              role: t(`priceLevels.roles.${level.role}`),
              name: level.name,
              charges: money(level.charges),
              pays: money(level.pays),
              earns: money(level.earns),
              commission: money(level.commission),
              markup: money(level.markup),
            })}
          </li>
        ))}
      </ul>
      <p data-testid="levels-sum" className="mt-2 font-medium">
        {breakdown.agency_charged !== null
          ? t('priceLevels.sumAgency', {
              agency: money(breakdown.agency_charged),
              earnings,
              total: money(breakdown.traveller_pays),
            })
          : t('priceLevels.sumAbove', {
              pays: money(top?.pays ?? 0),
              earnings,
              total: money(breakdown.traveller_pays),
            })}
      </p>
    </section>
  );
}
