import { useState } from 'react';
import { registerPartnerAppRequest } from '#shared/partner-apps';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { formatWhen } from '../shared/admin-ui';
import { type PartnerWithSecret, useChangePartnerApp } from './api/change-partner-app';
import { usePartnerApps } from './api/get-partner-apps';

/** Partner apps (app-SDK sign-in): register, rotate the secret (shown once), revoke. */
export function PartnersPage() {
  const { t, i18n } = useTranslation();
  const showError = useErrorToast();
  const partners = usePartnerApps();
  const action = useChangePartnerApp();
  const { form, errorOf, showServerErrors } = useZodForm(registerPartnerAppRequest, { name: '' });
  const [secret, setSecret] = useState<PartnerWithSecret | null>(null);

  const onError = (error: Error) => showError(error);

  const register = form.handleSubmit(({ name }) =>
    action.mutateAsync({ kind: 'register', name }).then(
      (created) => {
        setSecret(created as PartnerWithSecret);
        form.reset({ name: '' });
      },
      (error: Error) => {
        showServerErrors(error);
        onError(error);
      },
    ),
  );

  return (
    <section aria-labelledby="partners-heading">
      <h1 id="partners-heading" className="text-2xl font-semibold">
        {t('admin.partners.title')}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('admin.partners.intro')}</p>
      <form
        onSubmit={(event) => void register(event)}
        noValidate
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <TextField label={t('admin.partners.name')} error={errorOf('name')} {...form.register('name')} />
        <SubmitButton busy={action.isPending}>{t('admin.partners.register')}</SubmitButton>
      </form>
      {secret && (
        <div
          role="status"
          className="mt-4 rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm text-slate-900"
        >
          <p className="font-semibold">{t('admin.partners.secretOnce', { name: secret.name })}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono text-xs">
            <dt>{t('admin.partners.clientId')}</dt>
            <dd className="break-all">{secret.clientId}</dd>
            <dt>{t('admin.partners.clientSecret')}</dt>
            <dd className="break-all" data-testid="partner-secret">
              {secret.clientSecret}
            </dd>
          </dl>
          <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => setSecret(null)}>
            {t('admin.partners.secretSaved')}
          </button>
        </div>
      )}
      <ul className="mt-6 divide-y divide-slate-200 dark:divide-slate-700">
        {partners.data?.map((partner) => (
          <li key={partner.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium">{partner.name}</p>
              <p className="font-mono text-xs text-slate-500">{partner.clientId}</p>
              <p className="text-xs text-slate-500">
                {formatWhen(partner.createdAt, i18n.language)} ·{' '}
                {partner.revoked ? t('admin.partners.revoked') : t('admin.partners.live')}
              </p>
            </div>
            {!partner.revoked && (
              <div className="flex gap-2">
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={action.isPending}
                  onClick={() =>
                    window.confirm(t('admin.partners.confirmRotate', { name: partner.name })) &&
                    action.mutate(
                      { kind: 'rotate-secret', id: partner.id },
                      { onSuccess: (rotated) => setSecret(rotated as PartnerWithSecret), onError },
                    )
                  }
                >
                  {t('admin.partners.rotate')}
                  <span className="sr-only"> {partner.name}</span>
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={action.isPending}
                  onClick={() =>
                    window.confirm(t('admin.partners.confirmRevoke', { name: partner.name })) &&
                    action.mutate(
                      { kind: 'revoke', id: partner.id },
                      { onSuccess: () => notify.success(t('admin.partners.revokedToast')), onError },
                    )
                  }
                >
                  {t('admin.partners.revoke')}
                  <span className="sr-only"> {partner.name}</span>
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {partners.data?.length === 0 && <p className="mt-4">{t('admin.partners.none')}</p>}
    </section>
  );
}
