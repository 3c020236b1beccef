import { useState } from 'react';
import { type AgentGroup, agentGroupRequest } from '#shared/commissions';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { TableHead } from '../shared/admin-ui';
import { useChangeCommission } from './api/change-commission';
import { Part, percentText } from './commission-parts';

/** The agent groups, each with its granted commission; add, edit, delete. */
export function AgentGroups(props: { groups: AgentGroup[] }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const action = useChangeCommission();
  const [editing, setEditing] = useState<AgentGroup | null>(null);

  const remove = (group: AgentGroup) => {
    if (!window.confirm(t('admin.commissions.confirmDelete', { name: group.name }))) return;
    action.mutate(
      { kind: 'delete-group', id: group.id },
      {
        onSuccess: () => notify.success(t('admin.commissions.groupDeleted')),
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

const groupForm = (message: string) =>
  agentGroupRequest.extend({ grantedCommissionPercent: percentText(message) });

function GroupForm(props: { editing: AgentGroup | null; onDone: () => void }) {
  const { t } = useTranslation();
  const action = useChangeCommission();
  const empty = { name: '', grantedCommissionPercent: '' };
  const { form, errorOf, showFailure } = useZodForm(
    groupForm(t('admin.commissions.percentInvalid')),
    props.editing
      ? { name: props.editing.name, grantedCommissionPercent: String(props.editing.grantedCommissionPercent) }
      : empty,
  );
  const title = props.editing ? t('admin.commissions.editGroup') : t('admin.commissions.addGroup');

  const submit = form.handleSubmit((input) =>
    action
      .mutateAsync(
        props.editing
          ? { kind: 'update-group', id: props.editing.id, input }
          : { kind: 'create-group', input },
      )
      .then(() => {
        notify.success(t('admin.commissions.groupSaved'));
        form.reset(empty);
        props.onDone();
      }, showFailure),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={title}
      className="mt-4 grid gap-4 sm:grid-cols-3"
    >
      <h3 className="font-semibold sm:col-span-3">{title}</h3>
      <TextField
        label={t('admin.commissions.groupName')}
        maxLength={60}
        error={errorOf('name')}
        {...form.register('name')}
      />
      <TextField
        label={t('admin.commissions.groupPercent')}
        inputMode="decimal"
        error={errorOf('grantedCommissionPercent')}
        {...form.register('grantedCommissionPercent')}
      />
      <div className="flex items-end gap-2">
        <SubmitButton busy={action.isPending}>{t('admin.commissions.saveGroup')}</SubmitButton>
        {props.editing && (
          <button type="button" className={secondaryButtonClass} onClick={props.onDone}>
            {t('admin.commissions.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
