import { useState } from 'react';
import { API_KEY_SCOPES, type CreatedApiKey, createApiKeyRequest } from '#shared/integrations';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { SignInFirst } from '../../components/ui/sign-in-first';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { formatAdDate } from '../../lib/dates';
import { addTranslations, currentLanguage, useTranslation } from '../../lib/i18n';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { useErrorToast } from '../../lib/use-error-toast';
import { useZodForm } from '../../lib/use-zod-form';
import { accountStrings } from './account-strings';
import { useCreateApiKey } from './api/create-api-key';
import { useApiKeys } from './api/get-api-keys';
import { useRevokeApiKey } from './api/revoke-api-key';

addTranslations(accountStrings);

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';

/** Account → API keys (docs/accounts.md#api-keys): an agent's or admin's keys for their own systems. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (!user) return <SignInFirst title={t('apiKeys.title')} next="/account/api-keys" />;
  if (user.type !== 'agent' && user.type !== 'admin') {
    return (
      <section className="grid gap-4">
        <h1 className="text-2xl font-semibold">{t('apiKeys.title')}</h1>
        <p>{t('apiKeys.agentsOnly')}</p>
      </section>
    );
  }
  return <ApiKeys />;
}

function ApiKeys() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const showError = useErrorToast();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { form, errorOf, showFailure } = useZodForm(createApiKeyRequest, {
    name: '',
    scopes: [...API_KEY_SCOPES],
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      setCreated(await create.mutateAsync(body));
      form.reset();
    } catch (error) {
      showFailure(error);
    }
  });
  return (
    <section className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('apiKeys.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('apiKeys.intro')}</p>
      </div>

      {created && (
        <div role="status" className={`${card} grid gap-2 ring-emerald-500`}>
          <p className="font-semibold">{t('apiKeys.createdOnce', { name: created.name })}</p>
          <code
            className="block break-all rounded bg-slate-100 p-2 font-mono text-sm dark:bg-slate-800"
            data-testid="new-api-key"
          >
            {created.key}
          </code>
          <button type="button" className="justify-self-start underline" onClick={() => setCreated(null)}>
            {t('apiKeys.stored')}
          </button>
        </div>
      )}

      <form onSubmit={onSubmit} noValidate className={`${card} grid gap-3`} aria-label={t('apiKeys.create')}>
        <TextField label={t('apiKeys.name')} error={errorOf('name')} {...form.register('name')} />
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium">{t('apiKeys.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <CheckboxField
              key={scope}
              label={t(`apiKeys.scope.${scope}`)}
              value={scope}
              {...form.register('scopes')}
            />
          ))}
          {errorOf('scopes') && <p className="text-sm text-red-700">{errorOf('scopes')}</p>}
        </fieldset>
        <SubmitButton busy={create.isPending} className="justify-self-start">
          {t('apiKeys.create')}
        </SubmitButton>
      </form>

      {keys.isPending && <p role="status">{t('booking.loading')}</p>}
      {keys.data?.length === 0 && <p>{t('apiKeys.none')}</p>}
      <ul className="grid gap-3" aria-label={t('apiKeys.yourKeys')}>
        {keys.data?.map((key) => (
          <li key={key.id} className={`${card} flex flex-wrap items-center justify-between gap-3`}>
            <div>
              <p className="font-semibold">{key.name}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                <span className="font-mono">{key.prefix}…</span> · {key.scopes.join(', ')} ·{' '}
                {key.lastUsedAt
                  ? t('apiKeys.lastUsed', {
                      date: formatAdDate(key.lastUsedAt.slice(0, 10), currentLanguage()),
                    })
                  : t('apiKeys.neverUsed')}
              </p>
            </div>
            {key.revokedAt ? (
              <span className="text-sm font-semibold text-slate-500">{t('apiKeys.revoked')}</span>
            ) : (
              <button
                type="button"
                className="rounded-lg border border-red-600 px-3 py-1.5 text-sm font-semibold text-red-700"
                disabled={revoke.isPending}
                onClick={() => {
                  if (window.confirm(t('apiKeys.confirmRevoke', { name: key.name })))
                    revoke.mutate(key.id, { onError: showError });
                }}
              >
                {t('apiKeys.revoke')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
