import { z } from 'zod';
import {
  GATEWAY_CREDENTIAL_FIELDS,
  type PaymentCredentialsStatus,
  type SavePaymentCredentialsRequest,
  savePaymentCredentialsRequest,
} from '#shared/payment-credentials';
import { type SupplierTokenStatus, saveSupplierTokenRequest } from '#shared/supplier-credentials';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { formatWhen } from '../shared/admin-ui';
import { useDuffelToken } from './api/get-duffel-token';
import { usePaymentCredentials } from './api/get-payment-credentials';
import { useRemoveDuffelToken } from './api/remove-duffel-token';
import { useRemovePaymentCredentials } from './api/remove-payment-credentials';
import { useSaveDuffelToken } from './api/save-duffel-token';
import { useSavePaymentCredentials } from './api/save-payment-credentials';

/** The brand's own merchant accounts with eSewa, Khalti and ConnectIPS; secrets are write-only. */
export function PaymentGatewaysPage() {
  const { t } = useTranslation();
  const credentials = usePaymentCredentials();
  const duffel = useDuffelToken();
  return (
    <section aria-labelledby="gateways-heading">
      <h1 id="gateways-heading" className="text-2xl font-semibold">
        {t('admin.gateways.title')}
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">{t('admin.gateways.intro')}</p>
      {credentials.isError && <p role="alert">{t('messages.genericError')}</p>}
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        {credentials.data?.map((status) => (
          <GatewayForm key={`${status.gateway}-${status.updatedAt ?? 'none'}`} status={status} />
        ))}
        {duffel.data && <DuffelTokenForm key={duffel.data.updatedAt ?? 'none'} status={duffel.data} />}
      </div>
    </section>
  );
}

/** Secrets left empty are kept as saved (the API's rule), so they are left out of the request. */
const gatewayForm = z
  .object({
    environment: z.enum(['test', 'production']),
    settings: z.record(z.string(), z.string()),
    secrets: z.record(z.string(), z.string()),
  })
  .transform(
    (draft): SavePaymentCredentialsRequest => ({
      ...draft,
      secrets: Object.fromEntries(Object.entries(draft.secrets).filter(([, value]) => value !== '')),
    }),
  )
  .pipe(savePaymentCredentialsRequest);

function GatewayForm(props: { status: PaymentCredentialsStatus }) {
  const { t, i18n } = useTranslation();
  const showError = useErrorToast();
  const { status } = props;
  const fields = GATEWAY_CREDENTIAL_FIELDS[status.gateway];
  const save = useSavePaymentCredentials();
  const remove = useRemovePaymentCredentials();
  const { form, errorOf, showFailure } = useZodForm(gatewayForm, {
    environment: status.environment ?? 'test',
    settings: status.settings,
    secrets: {},
  });
  const name = t(`admin.gateways.names.${status.gateway}`);

  const submit = form.handleSubmit((input) =>
    save
      .mutateAsync({ gateway: status.gateway, ...input })
      .then(() => notify.success(t('admin.gateways.saved', { name })), showFailure),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`gateway-${status.gateway}`}
      className="grid content-start gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id={`gateway-${status.gateway}`} className="text-lg font-semibold">
        {name}
      </h2>
      <p className="text-sm" data-testid={`gateway-state-${status.gateway}`}>
        {status.configured && status.updatedAt
          ? t('admin.gateways.configured', { when: formatWhen(status.updatedAt, i18n.language) })
          : t('admin.gateways.notConfigured')}
      </p>
      <SelectField
        label={t('admin.gateways.environment')}
        options={[
          ['test', t('admin.gateways.test')],
          ['production', t('admin.gateways.production')],
        ]}
        {...form.register('environment')}
      />
      {fields.settings.map((field) => (
        <TextField
          key={field}
          label={t(`admin.gateways.fields.${field}`)}
          error={errorOf(`settings.${field}`)}
          {...form.register(`settings.${field}`)}
        />
      ))}
      {fields.secrets.map((field) => (
        <TextField
          key={field}
          label={t(`admin.gateways.fields.${field}`)}
          type="password"
          autoComplete="off"
          hint={status.secretsSet[field] ? t('admin.gateways.secretSet') : t('admin.gateways.secretNotSet')}
          error={errorOf(`secrets.${field}`)}
          {...form.register(`secrets.${field}`)}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={save.isPending}>{t('admin.gateways.save', { name })}</SubmitButton>
        {status.configured && (
          <RemoveButton
            busy={remove.isPending}
            question={t('admin.gateways.confirmRemove', { name })}
            onRemove={() =>
              remove.mutate(status.gateway, {
                onSuccess: () => notify.success(t('admin.gateways.removed', { name })),
                onError: showError,
              })
            }
          />
        )}
      </div>
    </form>
  );
}

/** The brand's own Duffel access token: write-only, shown as its hint (docs/suppliers.md). */
function DuffelTokenForm(props: { status: SupplierTokenStatus }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const save = useSaveDuffelToken();
  const remove = useRemoveDuffelToken();
  const { status } = props;
  const { form, errorOf, showFailure } = useZodForm(saveSupplierTokenRequest, { accessToken: '' });
  const submit = form.handleSubmit((input) =>
    save.mutateAsync(input).then(() => notify.success(t('admin.gateways.duffel.saved')), showFailure),
  );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="gateway-duffel"
      className="grid content-start gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id="gateway-duffel" className="text-lg font-semibold">
        {t('admin.gateways.duffel.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin.gateways.duffel.intro')}</p>
      <TextField
        label={t('admin.gateways.duffel.token')}
        type="password"
        autoComplete="off"
        hint={
          status.configured && status.tokenHint
            ? t('admin.gateways.duffel.tokenSet', { hint: status.tokenHint })
            : t('admin.gateways.duffel.notSet')
        }
        error={errorOf('accessToken')}
        {...form.register('accessToken')}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={save.isPending}>{t('admin.gateways.duffel.save')}</SubmitButton>
        {status.configured && (
          <RemoveButton
            busy={remove.isPending}
            question={t('admin.gateways.duffel.confirmRemove')}
            onRemove={() =>
              remove.mutate(undefined, {
                onSuccess: () => notify.success(t('admin.gateways.duffel.removed')),
                onError: showError,
              })
            }
          />
        )}
      </div>
    </form>
  );
}

/** Removes saved credentials once the admin confirms it (the browser's own confirm dialog). */
function RemoveButton(props: { busy: boolean; question: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      disabled={props.busy}
      onClick={() => {
        if (window.confirm(props.question)) props.onRemove();
      }}
    >
      {t('admin.gateways.remove')}
    </button>
  );
}
