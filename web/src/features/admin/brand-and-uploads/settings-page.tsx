import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type BrandSettings, updateBrandSettingsRequest } from '#shared/admin';
import type { SiteConfig } from '#shared/site-config';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorToast } from '../../../lib/use-error-toast';
import { Section } from '../shared/admin-ui';
import { useBrandSettings } from './api/get-brand-settings';
import { useSaveBrandSettings } from './api/save-brand-settings';
import { BrandPreview } from './brand-preview';
import { ConfigField, HostsField } from './config-field';
import { SECTIONS } from './settings-fields';

interface Draft {
  config: SiteConfig;
  /** One host name per line. */
  hosts: string;
  /** The custom airports as JSON text while it is being edited. */
  airports: string;
}

type SettingsRequest = z.output<typeof updateBrandSettingsRequest>;

const toDraft = (settings: BrandSettings): Draft => ({
  config: settings.config,
  hosts: settings.hosts.join('\n'),
  airports: JSON.stringify(settings.config.customAirportsData, null, 2),
});

/**
 * Validates the draft with the API's own schema (`updateBrandSettingsRequest`): the airports'
 * JSON text is parsed first (its error goes on that field), host names are split on spaces/commas.
 */
function settingsResolver(invalidJson: string): Resolver<Draft, unknown, SettingsRequest> {
  const resolve = zodResolver(updateBrandSettingsRequest);
  return async (draft, context, options) => {
    let airports: unknown;
    try {
      airports = JSON.parse(draft.airports);
    } catch {
      return { values: {}, errors: { airports: { type: 'json', message: invalidJson } } };
    }
    const hosts = draft.hosts
      .split(/[\s,]+/)
      .map((host) => host.trim())
      .filter(Boolean);
    const result = await resolve(
      { config: { ...draft.config, customAirportsData: airports }, hosts } as z.input<
        typeof updateBrandSettingsRequest
      >,
      context,
      options as never,
    );
    return result as Awaited<ReturnType<Resolver<Draft, unknown, SettingsRequest>>>;
  };
}

/** Path → first message of the form's errors (and of the server's), as the fields look them up. */
function flatten(
  errors: FieldErrors,
  prefix = '',
  into: Record<string, string> = {},
): Record<string, string> {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === 'string') into[path] ??= value.message;
    else flatten(value as FieldErrors, path, into);
  }
  return into;
}

/** Brand settings: every site-configuration field, uploads, host names, and a preview before saving. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useBrandSettings();
  if (settings.isError) return <p role="alert">{t('messages.genericError')}</p>;
  if (!settings.data) return <p>{t('admin.loading')}</p>;
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm(props: { settings: BrandSettings }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const save = useSaveBrandSettings();
  const form = useForm<Draft, unknown, SettingsRequest>({
    resolver: settingsResolver(t('admin.settings.invalidJson')),
    defaultValues: toDraft(props.settings),
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const config = useWatch({ control: form.control, name: 'config' });
  const errors = flatten(form.formState.errors);
  const errorFor = (path: string) => errors[`config.${path}`] ?? errors[path];

  const submit = form.handleSubmit(
    (request) =>
      save.mutateAsync(request).then(
        () => notify.success(t('admin.settings.saved')),
        (error: unknown) => {
          if (error instanceof ApiError)
            for (const [name, message] of Object.entries(error.fields))
              form.setError(name as 'config', { type: 'server', message });
          showError(error);
        },
      ),
    () => notify.error(t('admin.settings.fixErrors')),
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="space-y-6"
        aria-labelledby="settings-heading"
      >
        <h1 id="settings-heading" className="text-2xl font-semibold">
          {t('admin.settings.title')}
        </h1>
        {SECTIONS.map(([title, fields]) => (
          <Section key={title} title={t(`admin.settings.sections.${title}`)}>
            {fields.map(([path, kind, label]) => (
              <Controller
                key={path}
                control={form.control}
                name={kind === 'airports' ? 'airports' : (`config.${path}` as 'config')}
                render={({ field }) => (
                  <ConfigField
                    kind={kind}
                    label={t(`admin.settings.fields.${label}`)}
                    value={field.value}
                    error={kind === 'airports' ? (errors.airports ?? errorFor(path)) : errorFor(path)}
                    onChange={field.onChange}
                  />
                )}
              />
            ))}
          </Section>
        ))}
        <Section title={t('admin.settings.sections.hosts')}>
          <Controller
            control={form.control}
            name="hosts"
            render={({ field }) => (
              <HostsField
                value={field.value}
                onChange={field.onChange}
                error={
                  Object.entries(errors)
                    .filter(([key]) => key.startsWith('hosts'))
                    .map(([, message]) => message)
                    .join(' ') || undefined
                }
              />
            )}
          />
        </Section>
        <div className="sticky bottom-0 flex gap-3 border-t border-slate-200 bg-slate-50/95 py-3 dark:border-slate-700 dark:bg-slate-950/95">
          <SubmitButton busy={save.isPending} busyLabel={t('admin.saving')}>
            {t('admin.settings.save')}
          </SubmitButton>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => form.reset(toDraft(props.settings))}
          >
            {t('admin.settings.discard')}
          </button>
        </div>
      </form>
      <aside className="lg:sticky lg:top-4 lg:self-start" aria-labelledby="preview-heading">
        <h2 id="preview-heading" className="mb-2 text-lg font-semibold">
          {t('admin.settings.preview')}
        </h2>
        <BrandPreview config={config} />
      </aside>
    </div>
  );
}
