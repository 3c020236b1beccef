import { z } from 'zod';
import type { AdminUser } from '#shared/admin';
import { agentCommissionRequest, type CommissionPolicy } from '#shared/commissions';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { useChangeCommission } from './api/change-commission';
import { useCommissionAgents } from './api/get-commission-agents';
import { optionalPercentText, Part } from './commission-parts';

/** Each agent's own granted rate and group. */
export function AgentCommissions(props: { policy: CommissionPolicy }) {
  const { t } = useTranslation();
  const agents = useCommissionAgents();
  return (
    <Part title={t('admin.commissions.agents')}>
      {agents.isError && <p role="alert">{t('messages.genericError')}</p>}
      {agents.data && agents.data.items.length === 0 && <p>{t('admin.commissions.noAgents')}</p>}
      <ul className="grid gap-3">
        {agents.data?.items.map((agent) => (
          <AgentCommissionRow
            key={`${agent.id}-${agent.ownGrantedCommissionPercent}-${agent.agentGroupId}`}
            agent={agent}
            policy={props.policy}
          />
        ))}
      </ul>
    </Part>
  );
}

/** Empty own rate: the group's or the brand's applies (null); no group chosen: none (null). */
const agentForm = (message: string) =>
  z
    .object({
      grantedCommissionPercent: optionalPercentText(message),
      agentGroupId: z.string().transform((id) => id || null),
    })
    .pipe(agentCommissionRequest);

function AgentCommissionRow(props: { agent: AdminUser; policy: CommissionPolicy }) {
  const { t } = useTranslation();
  const action = useChangeCommission();
  const { agent } = props;
  const name = `${agent.firstName} ${agent.lastName}`;
  const { form, errorOf, showFailure } = useZodForm(agentForm(t('admin.commissions.percentInvalid')), {
    agentGroupId: agent.agentGroupId ?? '',
    grantedCommissionPercent:
      agent.ownGrantedCommissionPercent === null ? '' : String(agent.ownGrantedCommissionPercent),
  });

  const submit = form.handleSubmit((input) =>
    action
      .mutateAsync({ kind: 'agent', id: agent.id, input })
      .then(() => notify.success(t('admin.commissions.agentSaved', { name })), showFailure),
  );

  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={name}
        data-testid={`agent-commission-${agent.id}`}
        className="grid items-end gap-3 sm:grid-cols-4"
      >
        <div>
          <p className="font-medium">{name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="granted-now">
            {t('admin.commissions.grantedNow', { percent: agent.grantedCommissionPercent })} ·{' '}
            {t('admin.commissions.markup', { percent: agent.commissionPercent })}
          </p>
        </div>
        <SelectField
          label={t('admin.commissions.group')}
          options={[
            ['', t('admin.commissions.noGroup')],
            ...props.policy.groups.map((g): [string, string] => [
              g.id,
              `${g.name} (${g.grantedCommissionPercent} %)`,
            ]),
          ]}
          error={errorOf('agentGroupId')}
          {...form.register('agentGroupId')}
        />
        <TextField
          label={t('admin.commissions.own')}
          hint={t('admin.commissions.ownHint')}
          inputMode="decimal"
          error={errorOf('grantedCommissionPercent')}
          {...form.register('grantedCommissionPercent')}
        />
        <div>
          <SubmitButton busy={action.isPending}>
            {t('admin.commissions.saveAgent')}
            <span className="sr-only"> {name}</span>
          </SubmitButton>
        </div>
      </form>
    </li>
  );
}
