import { useState } from 'react';
import { z } from 'zod';
import type { UserType } from '#shared/accounts';
import { type AdminUser, createUserRequest, type ListUsersQuery, listUsersQuery } from '#shared/admin';
import { formatMoney } from '#shared/money';
import { isAgentUserType } from '#shared/user-types';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { Pager, TableHead } from '../shared/admin-ui';
import { useAdminUsers } from '../shared/api/get-admin-users';
import { type UserAction, useChangeAdminUser } from './api/change-admin-user';
import { useCreateAdminUser } from './api/create-admin-user';
import { StatementDownload } from './credit-and-statements';
import { WalletPanel } from './wallet-panel';

const USER_TYPES: UserType[] = ['agent', 'customer', 'individual', 'admin'];

/** The search box, checked as the API checks `q` (listUsersQuery). */
const userSearchForm = z.object({ q: z.string().pipe(listUsersQuery.shape.q.unwrap()) });

/** Agents and users: search, filter, invite, change type, suspend, reset password. */
export function UsersPage() {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const [query, setQuery] = useState<ListUsersQuery>({ page: 1, pageSize: 20 });
  const search = useZodForm(userSearchForm, { q: '' });
  const users = useAdminUsers(query);
  const action = useChangeAdminUser();
  const [walletUserId, setWalletUserId] = useState<string | null>(null);
  const walletUser = users.data?.items.find((user) => user.id === walletUserId);

  const run = (act: UserAction, confirmText?: string) => {
    if (confirmText && !window.confirm(confirmText)) return;
    action.mutate(act, {
      onSuccess: () => notify.success(t(`admin.users.done.${act.kind}`)),
      onError: (error) => showError(error),
    });
  };

  return (
    <section aria-labelledby="users-heading">
      <h1 id="users-heading" className="text-2xl font-semibold">
        {t('admin.users.title')}
      </h1>
      <CreateUserForm />
      <search>
        <form
          className="mt-6 flex flex-wrap items-end gap-3"
          onSubmit={(event) =>
            void search.form.handleSubmit(({ q }) => setQuery({ ...query, q, page: 1 }))(event)
          }
        >
          <TextField
            label={t('admin.users.search')}
            type="search"
            error={search.errorOf('q')}
            {...search.form.register('q')}
            className="w-full sm:w-auto sm:min-w-64 sm:flex-1"
          />
          <SelectField
            label={t('admin.users.type')}
            value={query.type ?? ''}
            options={[
              ['', t('admin.users.allTypes')],
              ...USER_TYPES.map((type) => [type, t(`admin.userTypes.${type}`)] as [string, string]),
            ]}
            onValueChange={(type) =>
              setQuery({ ...query, type: (type || undefined) as UserType | undefined, page: 1 })
            }
          />
          <SelectField
            label={t('admin.users.status')}
            value={query.status ?? ''}
            options={[
              ['', t('admin.users.allStatuses')],
              ['active', t('admin.users.active')],
              ['suspended', t('admin.users.suspended')],
            ]}
            onValueChange={(status) =>
              setQuery({ ...query, status: (status || undefined) as ListUsersQuery['status'], page: 1 })
            }
          />
          <button type="submit" className={buttonClass}>
            {t('admin.users.searchButton')}
          </button>
        </form>
      </search>
      {users.isError && <p role="alert">{t('messages.genericError')}</p>}
      {users.data && (
        <>
          <div className="relative mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('admin.users.title')}</caption>
              <TableHead columns={columnsFor(query.type).map((c) => t(`admin.users.${c}`))} />
              <tbody>
                {users.data.items.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    agentColumns={showsAgentColumns(query.type)}
                    onAction={run}
                    busy={action.isPending}
                    onWallet={() => setWalletUserId(user.id)}
                  />
                ))}
              </tbody>
            </table>
            {users.data.items.length === 0 && <p className="py-4">{t('admin.users.none')}</p>}
          </div>
          <Pager {...users.data} onPage={(page) => setQuery({ ...query, page })} />
          {walletUser && (
            <WalletPanel key={walletUser.id} user={walletUser} onClose={() => setWalletUserId(null)} />
          )}
        </>
      )}
      <div className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <StatementDownload />
      </div>
    </section>
  );
}

/** Commission and wallet are an agent's: a list of customers, individuals or admins has no such columns. */
const showsAgentColumns = (type: UserType | undefined) => type === undefined || type === 'agent';
const columnsFor = (type: UserType | undefined) =>
  showsAgentColumns(type)
    ? ['name', 'contact', 'type', 'commission', 'wallet', 'status', 'actions']
    : ['name', 'contact', 'type', 'status', 'actions'];

function UserRow(props: {
  user: AdminUser;
  /** The list has commission and wallet columns (agents, or every type). */
  agentColumns: boolean;
  busy: boolean;
  onAction: (action: UserAction, confirm?: string) => void;
  onWallet: () => void;
}) {
  const { t } = useTranslation();
  const { user, onAction, busy } = props;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <tr className="border-b border-slate-200 align-top dark:border-slate-700">
      <th scope="row" className="py-2 pr-3 font-medium">
        {name}
        {user.guest ? (
          <span className="block text-xs text-slate-500">{t('admin.cockpit.users.guest')}</span>
        ) : (
          !user.hasPassword && (
            <span className="block text-xs text-slate-500">{t('admin.users.invited')}</span>
          )
        )}
      </th>
      <td className="py-2 pr-3">
        <span className="block">{user.email}</span>
        <span className="block text-xs text-slate-500">{user.mobile}</span>
      </td>
      <td className="py-2 pr-3">
        <select
          aria-label={t('admin.users.typeOf', { name })}
          className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          value={user.type}
          disabled={busy}
          onChange={(e) => onAction({ kind: 'change-type', id: user.id, type: e.target.value as UserType })}
        >
          {USER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.userTypes.${type}`)}
            </option>
          ))}
        </select>
      </td>
      {props.agentColumns &&
        (user.type === 'agent' ? (
          <>
            <td className="py-2 pr-3">
              {t('admin.users.commissionCell', {
                granted: user.grantedCommissionPercent,
                markup: user.commissionPercent,
              })}
            </td>
            <td className="py-2 pr-3">
              {formatMoney(user.walletBalance, user.walletCurrency as 'NPR', currentLanguage())}
            </td>
          </>
        ) : (
          <>
            <td className="py-2 pr-3 text-slate-500">{t('admin.cockpit.users.notApplicable')}</td>
            <td className="py-2 pr-3 text-slate-500">{t('admin.cockpit.users.notApplicable')}</td>
          </>
        ))}
      <td className="py-2 pr-3">{user.suspended ? t('admin.users.suspended') : t('admin.users.active')}</td>
      <td className="flex flex-wrap gap-2 py-2">
        {isAgentUserType(user.type) && (
          <button type="button" className={secondaryButtonClass} onClick={props.onWallet}>
            {t('admin.wallet.open')}
            <span className="sr-only"> {name}</span>
          </button>
        )}
        {user.suspended ? (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() => onAction({ kind: 'reinstate', id: user.id })}
          >
            {t('admin.users.reinstate')}
            <span className="sr-only"> {name}</span>
          </button>
        ) : (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() =>
              onAction({ kind: 'suspend', id: user.id }, t('admin.users.confirmSuspend', { name }))
            }
          >
            {t('admin.users.suspend')}
            <span className="sr-only"> {name}</span>
          </button>
        )}
        {user.email && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() => onAction({ kind: 'reset-password', id: user.id })}
          >
            {t('admin.users.resetPassword')}
            <span className="sr-only"> {name}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

const EMPTY_USER = {
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  type: 'agent' as UserType,
  commissionPercent: '0',
};

/** The invitation as typed: the markup field is text until the schema reads it as a number. */
const createUserForm = createUserRequest.extend({
  commissionPercent: z.coerce.number<string>().pipe(createUserRequest.shape.commissionPercent.unwrap()),
});

function CreateUserForm() {
  const { t } = useTranslation();
  const create = useCreateAdminUser();
  const { form, errorOf, showFailure } = useZodForm(createUserForm, EMPTY_USER);

  const submit = form.handleSubmit((input) =>
    create.mutateAsync(input).then((user) => {
      notify.success(t('admin.users.invitedToast', { email: user.email }));
      form.reset(EMPTY_USER);
    }, showFailure),
  );
  const field = (name: 'firstName' | 'lastName' | 'email' | 'mobile' | 'commissionPercent') => ({
    error: errorOf(name),
    ...form.register(name),
  });

  return (
    <details className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <summary className="cursor-pointer font-medium">{t('admin.users.create')}</summary>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
        <TextField label={t('admin.users.firstName')} {...field('firstName')} />
        <TextField label={t('admin.users.lastName')} {...field('lastName')} />
        <TextField label={t('admin.users.email')} type="email" {...field('email')} />
        <TextField label={t('admin.users.mobile')} type="tel" {...field('mobile')} />
        <SelectField
          label={t('admin.users.type')}
          options={USER_TYPES.map((type) => [type, t(`admin.userTypes.${type}`)])}
          {...form.register('type')}
        />
        <TextField
          label={t('admin.users.markup')}
          type="number"
          min={0}
          max={20}
          step="0.01"
          {...field('commissionPercent')}
        />
        <div className="sm:col-span-3">
          <SubmitButton busy={create.isPending}>{t('admin.users.invite')}</SubmitButton>
        </div>
      </form>
    </details>
  );
}
