import { inviteStaffRequest } from '#shared/staff';
import { STAFF_ROLES, type StaffRole } from '#shared/staff-roles';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { formatWhen, TableHead } from '../shared/admin-ui';
import { useChangeStaffMember } from './api/change-staff-member';
import { useStaff } from './api/get-staff';
import { useInviteStaff } from './api/invite-staff';

/**
 * The owner's staff page (docs/admin.md#staff-roles): who has console access with which role; invite by
 * e-mail (the link goes to the invitee only), change a role, revoke access.
 */
export function StaffPage() {
  const { t, i18n } = useTranslation();
  const showError = useErrorToast();
  const staff = useStaff();
  const invite = useInviteStaff();
  const change = useChangeStaffMember();
  const { form, errorOf, showServerErrors } = useZodForm(inviteStaffRequest, { email: '', role: 'viewer' });
  const roleOptions = STAFF_ROLES.map((role): [string, string] => [role, t(`admin.staff.roles.${role}`)]);

  const submit = form.handleSubmit((input) =>
    invite.mutateAsync(input).then(
      (invitation) => {
        notify.success(t('admin.staff.invited', { email: invitation.email }));
        form.reset({ email: '', role: input.role });
      },
      (error: Error) => {
        if (!showServerErrors(error)) showError(error);
      },
    ),
  );

  return (
    <section aria-labelledby="staff-heading">
      <h1 id="staff-heading" className="text-2xl font-semibold">
        {t('admin.staff.title')}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('admin.staff.intro')}</p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-600 dark:text-slate-300">
        {STAFF_ROLES.map((role) => (
          <li key={role}>
            <strong>{t(`admin.staff.roles.${role}`)}</strong>: {t(`admin.staff.roleHelp.${role}`)}
          </li>
        ))}
      </ul>

      <form
        aria-label={t('admin.staff.inviteTitle')}
        onSubmit={(event) => void submit(event)}
        noValidate
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <TextField
          label={t('admin.staff.email')}
          type="email"
          autoComplete="off"
          error={errorOf('email')}
          {...form.register('email')}
        />
        <SelectField
          label={t('admin.staff.role')}
          options={roleOptions}
          error={errorOf('role')}
          {...form.register('role')}
        />
        <SubmitButton busy={invite.isPending}>{t('admin.staff.invite')}</SubmitButton>
      </form>

      <h2 className="mt-8 text-lg font-semibold">{t('admin.staff.members')}</h2>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <TableHead
            columns={[
              t('admin.staff.name'),
              t('admin.staff.email'),
              t('admin.staff.role'),
              t('admin.staff.status'),
            ]}
          />
          <tbody>
            {staff.data?.members.map((member) => {
              const name = `${member.firstName} ${member.lastName}`;
              return (
                <tr key={member.id} className="border-b border-slate-200 dark:border-slate-700">
                  <td className="py-2 pr-3">
                    {name}
                    {member.you && <span className="text-slate-500"> ({t('admin.staff.you')})</span>}
                  </td>
                  <td className="py-2 pr-3">{member.email}</td>
                  <td className="py-2 pr-3">
                    {member.you || member.revoked ? (
                      t(`admin.staff.roles.${member.role}`)
                    ) : (
                      <SelectField
                        label={t('admin.staff.roleOf', { name })}
                        className="[&>label]:sr-only"
                        options={roleOptions}
                        value={member.role}
                        disabled={change.isPending}
                        onValueChange={(role) =>
                          change.mutate(
                            { kind: 'role', id: member.id, role: role as StaffRole },
                            {
                              onSuccess: () => notify.success(t('admin.staff.roleChanged', { name })),
                              onError: (error) => showError(error),
                            },
                          )
                        }
                      />
                    )}
                  </td>
                  <td className="py-2 pr-3">
                    {member.revoked ? (
                      t('admin.staff.revoked')
                    ) : member.you ? (
                      t('admin.staff.active')
                    ) : (
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        disabled={change.isPending}
                        onClick={() =>
                          window.confirm(t('admin.staff.confirmRevoke', { name })) &&
                          change.mutate(
                            { kind: 'revoke', id: member.id },
                            {
                              onSuccess: () => notify.success(t('admin.staff.revokedToast', { name })),
                              onError: (error) => showError(error),
                            },
                          )
                        }
                      >
                        {t('admin.staff.revoke')}
                        <span className="sr-only"> {name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <h2 className="mt-8 text-lg font-semibold">{t('admin.staff.invitations')}</h2>
      {staff.data?.invitations.length === 0 && (
        <p className="mt-2 text-sm">{t('admin.staff.noInvitations')}</p>
      )}
      <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
        {staff.data?.invitations.map((invitation) => (
          <li key={invitation.id} className="py-2">
            {invitation.email} · {t(`admin.staff.roles.${invitation.role}`)} ·{' '}
            {t(`admin.staff.invitationStatus.${invitation.status}`)} ·{' '}
            {formatWhen(invitation.createdAt, i18n.language)}
          </li>
        ))}
      </ul>
    </section>
  );
}
