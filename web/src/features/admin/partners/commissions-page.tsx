import { useTranslation } from '../../../lib/i18n';
import { AgentCommissions } from './agent-commissions';
import { AgentGroups } from './agent-groups';
import { useCommissionPolicy } from './api/get-commission-policy';
import { CommissionPolicyForm } from './commission-policy-form';

/**
 * Granted commission: what the agency gives its agents off the base fare. The brand default
 * applies unless an agent's group or the agent has their own; none goes above the maximum. An
 * agent's own "commission" is their markup to their clients and is not set here.
 */
export function CommissionsPage() {
  const { t } = useTranslation();
  const policy = useCommissionPolicy();
  return (
    <section aria-labelledby="commissions-heading">
      <h1 id="commissions-heading" className="text-2xl font-semibold">
        {t('admin.commissions.title')}
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
        {t('admin.commissions.intro')}
      </p>
      {policy.isError && <p role="alert">{t('messages.genericError')}</p>}
      {policy.data && (
        <>
          <CommissionPolicyForm
            key={`${policy.data.defaultGrantedCommissionPercent}-${policy.data.maxGrantedCommissionPercent}`}
            policy={policy.data}
          />
          <AgentGroups groups={policy.data.groups} />
          <AgentCommissions policy={policy.data} />
        </>
      )}
    </section>
  );
}
