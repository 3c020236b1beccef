import { useState } from 'react';
import {
  type CreatedWebhook,
  createWebhookRequest,
  WEBHOOK_EVENTS,
  type Webhook,
} from '#shared/integrations';
import { addTranslations, useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useErrorToast } from '../../lib/use-error-toast';
import { useZodForm } from '../../lib/use-zod-form';
import { CheckboxField } from '../ui/checkbox-field';
import { secondaryButtonClass } from '../ui/form-styles';
import { SubmitButton } from '../ui/submit-button';
import { TextField } from '../ui/text-field';
import { WebhookDeliveries } from './webhook-deliveries';
import { eventKey, webhookStrings } from './webhook-strings';
import { useCreateWebhook, useDeleteWebhook, useTestWebhook, useWebhooks } from './webhooks-api';

addTranslations(webhookStrings);

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';

/**
 * The signed-in user's own webhooks (docs/webhooks.md): add one (its secret shown once), send a
 * test, read the deliveries and redeliver one, delete. An agent's page and the console's (the
 * agency's account) are this panel with their own introduction.
 */
export function WebhooksPanel(props: { intro: string }) {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const { form, errorOf, showFailure } = useZodForm(createWebhookRequest, { url: '', events: [] });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      setCreated(await create.mutateAsync(body));
      form.reset({ url: '', events: [] });
    } catch (error) {
      showFailure(error);
    }
  });
  return (
    <section className="grid gap-6" aria-labelledby="webhooks-heading">
      <div>
        <h1 id="webhooks-heading" className="text-2xl font-semibold">
          {t('webhooks.title')}
        </h1>
        <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-400">{props.intro}</p>
      </div>
      {created && (
        <div role="status" className={`${card} grid gap-2 ring-emerald-500`}>
          <p className="font-semibold">{t('webhooks.secretOnce', { url: created.url })}</p>
          <code
            className="block break-all rounded bg-slate-100 p-2 font-mono text-sm dark:bg-slate-800"
            data-testid="new-webhook-secret"
          >
            {created.secret}
          </code>
          <button type="button" className="justify-self-start underline" onClick={() => setCreated(null)}>
            {t('webhooks.stored')}
          </button>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className={`${card} grid gap-3`} aria-label={t('webhooks.add')}>
        <TextField label={t('webhooks.url')} type="url" error={errorOf('url')} {...form.register('url')} />
        <fieldset className="grid gap-1 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium">{t('webhooks.events')}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <CheckboxField
              key={event}
              label={t(eventKey(event))}
              value={event}
              {...form.register('events')}
            />
          ))}
          {errorOf('events') && <p className="text-sm text-red-700 sm:col-span-3">{errorOf('events')}</p>}
        </fieldset>
        <SubmitButton busy={create.isPending} className="justify-self-start">
          {t('webhooks.add')}
        </SubmitButton>
      </form>
      {webhooks.data?.length === 0 && <p>{t('webhooks.none')}</p>}
      <ul className="grid gap-3" aria-label={t('webhooks.yours')}>
        {webhooks.data?.map((webhook) => (
          <WebhookItem key={webhook.id} webhook={webhook} />
        ))}
      </ul>
    </section>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState(false);
  return (
    <li className={`${card} grid gap-2`} aria-label={webhook.url}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold wrap-anywhere">{webhook.url}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {webhook.events.map((event) => t(eventKey(event))).join(', ')}
          </p>
          {webhook.disabledAt && (
            <p className="text-sm font-semibold text-red-700">{t('webhooks.disabled')}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={test.isPending || Boolean(webhook.disabledAt)}
            onClick={() =>
              test.mutate(webhook.id, {
                onSuccess: () => {
                  notify.success(t('webhooks.testSent', { url: webhook.url }));
                  setOpen(true);
                },
                onError: showError,
              })
            }
          >
            {t('webhooks.test')}
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
          </button>
          <button
            type="button"
            className="rounded-lg border border-red-600 px-3 py-1.5 text-sm font-semibold text-red-700"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t('webhooks.confirmRemove', { url: webhook.url })))
                remove.mutate(webhook.id, { onError: showError });
            }}
          >
            {t('webhooks.remove')}
          </button>
        </div>
      </div>
      {open && <WebhookDeliveries webhook={webhook} />}
    </li>
  );
}
