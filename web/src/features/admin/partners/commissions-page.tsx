import { type FormEvent, type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '#shared/admin';
import type { AgentGroup, CommissionPolicy } from '#shared/commissions';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useErrorToast } from '../../../lib/use-error-toast';
import { TableHead } from '../shared/admin-ui';
import { useChangeCommission } from './api/change-commission';
import { useCommissionAgents } from './api/get-commission-agents';
import { useCommissionPolicy } from './api/get-commission-policy';

/** A typed percentage ("2.5") as a number, or undefined when it is not one. */
function percentOf(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d{1,3}(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : undefined;
}

function Part(props: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

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
          <PolicyForm
            key={`${policy.data.defaultGrantedCommissionPercent}-${policy.data.maxGrantedCommissionPercent}`}
            policy={policy.data}
          />
          <Groups groups={policy.data.groups} />
          <Agents policy={policy.data} />
        </>
      )}
    </section>
  );
}

function PolicyForm(props: { policy: CommissionPolicy }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const action = useChangeCommission();
  const [draft, setDraft] = useState({
    defaultGrantedCommissionPercent: String(props.policy.defaultGrantedCommissionPercent),
    maxGrantedCommissionPercent: String(props.policy.maxGrantedCommissionPercent),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const byDefault = percentOf(draft.defaultGrantedCommissionPercent);
    const max = percentOf(draft.maxGrantedCommissionPercent);
    if (byDefault === undefined || max === undefined) {
      setErrors({
        ...(byDefault === undefined && {
          defaultGrantedCommissionPercent: t('admin.commissions.percentInvalid'),
        }),
        ...(max === undefined && { maxGrantedCommissionPercent: t('admin.commissions.percentInvalid') }),
      });
      return;
    }
    action.mutate(
      {
        kind: 'policy',
        input: { defaultGrantedCommissionPercent: byDefault, maxGrantedCommissionPercent: max },
      },
      {
        onSuccess: () => {
          setErrors({});
          toast.success(t('admin.commissions.saved'));
        },
        onError: (error) => showError(error, setErrors),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('admin.commissions.policy')}
      className="mt-4 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700"
    >
      <h2 className="text-lg font-semibold sm:col-span-3">{t('admin.commissions.policy')}</h2>
      <TextField
        label={t('admin.commissions.default')}
        inputMode="decimal"
        value={draft.defaultGrantedCommissionPercent}
        onChange={(e) => setDraft({ ...draft, defaultGrantedCommissionPercent: e.target.value })}
        error={errors.defaultGrantedCommissionPercent}
      />
      <TextField
        label={t('admin.commissions.max')}
        inputMode="decimal"
        value={draft.maxGrantedCommissionPercent}
        onChange={(e) => setDraft({ ...draft, maxGrantedCommissionPercent: e.target.value })}
        error={errors.maxGrantedCommissionPercent}
      />
      <div className="flex items-end">
        <button type="submit" className={buttonClass} disabled={action.isPending}>
          {t('admin.commissions.savePolicy')}
        </button>
      </div>
    </form>
  );
}

function Groups(props: { groups: AgentGroup[] }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const action = useChangeCommission();
  const [editing, setEditing] = useState<AgentGroup | null>(null);

  const remove = (group: AgentGroup) => {
    if (!window.confirm(t('admin.commissions.confirmDelete', { name: group.name }))) return;
    action.mutate(
      { kind: 'delete-group', id: group.id },
      {
        onSuccess: () => toast.success(t('admin.commissions.groupDeleted')),
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <Part title={t('admin.commissions.groups')}>
      {props.groups.length === 0 ? (
        <p>{t('admin.commissions.noGroups')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('admin.commissions.groups')}</caption>
            <TableHead
              columns={['group', 'granted', 'agents', 'actions'].map((c) =>
                t(`admin.commissions.columns.${c}`),
              )}
            />
            <tbody>
              {props.groups.map((group) => (
                <tr key={group.id} className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {group.name}
                  </th>
                  <td className="py-2 pr-3">{group.grantedCommissionPercent} %</td>
                  <td className="py-2 pr-3">{group.agents}</td>
                  <td className="flex flex-wrap gap-2 py-2">
                    <button type="button" className={secondaryButtonClass} onClick={() => setEditing(group)}>
                      {t('admin.commissions.edit')}
                      <span className="sr-only"> {group.name}</span>
                    </button>
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      disabled={action.isPending}
                      onClick={() => remove(group)}
                    >
                      {t('admin.commissions.delete')}
                      <span className="sr-only"> {group.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <GroupForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
    </Part>
  );
}

function GroupForm(props: { editing: AgentGroup | null; onDone: () => void }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const action = useChangeCommission();
  const [name, setName] = useState(props.editing?.name ?? '');
  const [percent, setPercent] = useState(props.editing ? String(props.editing.grantedCommissionPercent) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const title = props.editing ? t('admin.commissions.editGroup') : t('admin.commissions.addGroup');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const granted = percentOf(percent);
    if (granted === undefined) {
      setErrors({ grantedCommissionPercent: t('admin.commissions.percentInvalid') });
      return;
    }
    const input = { name, grantedCommissionPercent: granted };
    action.mutate(
      props.editing ? { kind: 'update-group', id: props.editing.id, input } : { kind: 'create-group', input },
      {
        onSuccess: () => {
          toast.success(t('admin.commissions.groupSaved'));
          setName('');
          setPercent('');
          setErrors({});
          props.onDone();
        },
        onError: (error) => showError(error, setErrors),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={title} className="mt-4 grid gap-4 sm:grid-cols-3">
      <h3 className="font-semibold sm:col-span-3">{title}</h3>
      <TextField
        label={t('admin.commissions.groupName')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={60}
        error={errors.name}
      />
      <TextField
        label={t('admin.commissions.groupPercent')}
        inputMode="decimal"
        value={percent}
        onChange={(e) => setPercent(e.target.value)}
        error={errors.grantedCommissionPercent}
      />
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonClass} disabled={action.isPending}>
          {t('admin.commissions.saveGroup')}
        </button>
        {props.editing && (
          <button type="button" className={secondaryButtonClass} onClick={props.onDone}>
            {t('admin.commissions.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function Agents(props: { policy: CommissionPolicy }) {
  const { t } = useTranslation();
  const agents = useCommissionAgents();
  return (
    <Part title={t('admin.commissions.agents')}>
      {agents.isError && <p role="alert">{t('messages.genericError')}</p>}
      {agents.data && agents.data.items.length === 0 && <p>{t('admin.commissions.noAgents')}</p>}
      <ul className="grid gap-3">
        {agents.data?.items.map((agent) => (
          <AgentRow
            key={`${agent.id}-${agent.ownGrantedCommissionPercent}-${agent.agentGroupId}`}
            agent={agent}
            policy={props.policy}
          />
        ))}
      </ul>
    </Part>
  );
}

function AgentRow(props: { agent: AdminUser; policy: CommissionPolicy }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const action = useChangeCommission();
  const { agent } = props;
  const name = `${agent.firstName} ${agent.lastName}`;
  const [groupId, setGroupId] = useState(agent.agentGroupId ?? '');
  const [own, setOwn] = useState(
    agent.ownGrantedCommissionPercent === null ? '' : String(agent.ownGrantedCommissionPercent),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const granted = own.trim() === '' ? null : percentOf(own);
    if (granted === undefined) {
      setErrors({ grantedCommissionPercent: t('admin.commissions.percentInvalid') });
      return;
    }
    action.mutate(
      {
        kind: 'agent',
        id: agent.id,
        input: { grantedCommissionPercent: granted, agentGroupId: groupId || null },
      },
      {
        onSuccess: () => {
          setErrors({});
          toast.success(t('admin.commissions.agentSaved', { name }));
        },
        onError: (error) => showError(error, setErrors),
      },
    );
  };

  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <form
        onSubmit={submit}
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
          value={groupId}
          onValueChange={setGroupId}
          options={[
            ['', t('admin.commissions.noGroup')],
            ...props.policy.groups.map((g): [string, string] => [
              g.id,
              `${g.name} (${g.grantedCommissionPercent} %)`,
            ]),
          ]}
          error={errors.agentGroupId}
        />
        <TextField
          label={t('admin.commissions.own')}
          hint={t('admin.commissions.ownHint')}
          inputMode="decimal"
          value={own}
          onChange={(e) => setOwn(e.target.value)}
          error={errors.grantedCommissionPercent}
        />
        <div>
          <button type="submit" className={buttonClass} disabled={action.isPending}>
            {t('admin.commissions.saveAgent')}
            <span className="sr-only"> {name}</span>
          </button>
        </div>
      </form>
    </li>
  );
}
