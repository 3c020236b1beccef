import { type FormEvent, useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { updateBrandSettingsRequest } from '#shared/admin';
import { assetAddress } from '#shared/asset-address';
import { FOOTER_PHONE_PREFIX } from '#shared/constants';
import type { SiteConfig } from '#shared/site-config';
import { FieldError } from '../../../components/ui/field-error';
import { buttonClass, inputClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useErrorToast } from '../../../lib/use-error-toast';
import { Section } from '../shared/admin-ui';
import { useBrandSettings } from './api/get-brand-settings';
import { useSaveBrandSettings } from './api/save-brand-settings';
import { uploadImage } from './api/upload-image';

type Kind = 'text' | 'image' | 'toggle' | 'colour' | 'theme' | 'codes' | 'origins' | 'airports' | 'email';
/** One form field: its path in the site configuration, its kind and its label key. */
type FieldSpec = [path: string, kind: Kind, label: string];

const SECTIONS: [title: string, fields: FieldSpec[]][] = [
  [
    'identity',
    [
      ['displayName', 'text', 'displayName'],
      ['companyName', 'text', 'companyName'],
      ['s3Url', 'text', 's3Url'],
    ],
  ],
  [
    'images',
    [
      ['favicon', 'image', 'favicon'],
      ['headerLogo', 'image', 'headerLogo'],
      ['footerLogo', 'image', 'footerLogo'],
      ['banners.home', 'image', 'homeBanner'],
    ],
  ],
  [
    'banners',
    [
      ['banners.bookingTop.title', 'text', 'topTitle'],
      ['banners.bookingTop.large', 'image', 'topLarge'],
      ['banners.bookingTop.small', 'image', 'topSmall'],
      ['banners.bookingBottom.title', 'text', 'bottomTitle'],
      ['banners.bookingBottom.large', 'image', 'bottomLarge'],
      ['banners.bookingBottom.small', 'image', 'bottomSmall'],
      ...[0, 1, 2, 3, 4].map((n): FieldSpec => [`banners.side.${n}`, 'image', `side${n + 1}`]),
    ],
  ],
  [
    'contact',
    [
      ['phone', 'text', 'phone'],
      ['telephone', 'text', 'telephone'],
      ['email', 'email', 'email'],
    ],
  ],
  [
    'seo',
    [
      ['seoTitle', 'text', 'seoTitle'],
      ['seoDescription', 'text', 'seoDescription'],
      ['seoTags', 'text', 'seoTags'],
    ],
  ],
  [
    'behaviour',
    [
      ['selfLogin', 'toggle', 'selfLogin'],
      ['hasPayment', 'toggle', 'hasPayment'],
      ['isAppSdk', 'toggle', 'isAppSdk'],
      ['frameAncestors', 'origins', 'frameAncestors'],
      ['hideNavbar', 'toggle', 'hideNavbar'],
      ['themeMode', 'theme', 'themeMode'],
    ],
  ],
  [
    'colours',
    [
      ['colours.primary', 'colour', 'primary'],
      ['colours.primaryContrast', 'colour', 'primaryContrast'],
      ['colours.accent', 'colour', 'accent'],
    ],
  ],
  [
    'airports',
    [
      ['customAirport', 'toggle', 'customAirport'],
      ['customAirportIncludeLists', 'codes', 'includeList'],
      ['customAirportsData', 'airports', 'customAirports'],
    ],
  ],
  [
    'storageKeys',
    [
      ['accessTokenName', 'text', 'accessTokenName'],
      ['base64Name', 'text', 'base64Name'],
      ['userTokenName', 'text', 'userTokenName'],
      ['stateName', 'text', 'stateName'],
      ['expireName', 'text', 'expireName'],
    ],
  ],
];

function getAt(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((current, key) => (current as Record<string, unknown>)?.[key], value);
}

/** A copy of `value` with `path` set, copying each object or array on the way. */
function setAt<T>(value: T, path: string, next: unknown): T {
  const [key, ...rest] = path.split('.');
  if (key === undefined) return value;
  const container = Array.isArray(value) ? [...value] : { ...(value as object) };
  const child = (container as Record<string, unknown>)[key];
  (container as Record<string, unknown>)[key] = rest.length ? setAt(child, rest.join('.'), next) : next;
  return container as T;
}

interface Draft {
  config: SiteConfig;
  /** One host name per line. */
  hosts: string;
  /** The custom airports as JSON text while it is being edited. */
  airports: string;
}

/** Brand settings: every site-configuration field, uploads, host names, and a preview before saving. */
export function SettingsPage() {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const settings = useBrandSettings();
  const save = useSaveBrandSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (settings.data && !draft) {
      setDraft({
        config: settings.data.config,
        hosts: settings.data.hosts.join('\n'),
        airports: JSON.stringify(settings.data.config.customAirportsData, null, 2),
      });
    }
  }, [settings.data, draft]);

  if (settings.isError) return <p role="alert">{t('messages.genericError')}</p>;
  if (!draft) return <p>{t('admin.loading')}</p>;

  const change = (path: string, value: unknown) =>
    setDraft((current) => (current ? { ...current, config: setAt(current.config, path, value) } : current));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let airports: unknown;
    try {
      airports = JSON.parse(draft.airports);
    } catch {
      setErrors({ 'config.customAirportsData': t('admin.settings.invalidJson') });
      return;
    }
    const hosts = draft.hosts
      .split(/[\s,]+/)
      .map((host) => host.trim())
      .filter(Boolean);
    const parsed = updateBrandSettingsRequest.safeParse({
      config: { ...draft.config, customAirportsData: airports },
      hosts,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      toast.error(t('admin.settings.fixErrors'));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('admin.settings.saved')),
      onError: (error) => showError(error, setErrors),
    });
  };

  const errorFor = (path: string) => errors[`config.${path}`] ?? errors[path];

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <form onSubmit={submit} noValidate className="space-y-6" aria-labelledby="settings-heading">
        <h1 id="settings-heading" className="text-2xl font-semibold">
          {t('admin.settings.title')}
        </h1>
        {SECTIONS.map(([title, fields]) => (
          <Section key={title} title={t(`admin.settings.sections.${title}`)}>
            {fields.map(([path, kind, label]) => (
              <ConfigField
                key={path}
                kind={kind}
                label={t(`admin.settings.fields.${label}`)}
                value={kind === 'airports' ? draft.airports : getAt(draft.config, path)}
                error={errorFor(path)}
                onChange={(value) =>
                  kind === 'airports' ? setDraft({ ...draft, airports: String(value) }) : change(path, value)
                }
              />
            ))}
          </Section>
        ))}
        <Section title={t('admin.settings.sections.hosts')}>
          <HostsField
            value={draft.hosts}
            onChange={(hosts) => setDraft({ ...draft, hosts })}
            errors={Object.entries(errors).filter(([key]) => key.startsWith('hosts'))}
          />
        </Section>
        <div className="sticky bottom-0 flex gap-3 border-t border-slate-200 bg-slate-50/95 py-3 dark:border-slate-700 dark:bg-slate-950/95">
          <button type="submit" className={buttonClass} disabled={save.isPending}>
            {save.isPending ? t('admin.saving') : t('admin.settings.save')}
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setDraft(null);
              setErrors({});
            }}
          >
            {t('admin.settings.discard')}
          </button>
        </div>
      </form>
      <aside className="lg:sticky lg:top-4 lg:self-start" aria-labelledby="preview-heading">
        <h2 id="preview-heading" className="mb-2 text-lg font-semibold">
          {t('admin.settings.preview')}
        </h2>
        <BrandPreview config={draft.config} />
      </aside>
    </div>
  );
}

function ConfigField(props: {
  kind: Kind;
  label: string;
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { kind, label, value, error, onChange } = props;
  const described = error ? `${id}-error` : undefined;
  if (kind === 'toggle') {
    return (
      <div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </label>
        <FieldError id={`${id}-error`} error={error} />
      </div>
    );
  }
  if (kind === 'theme') {
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <select
          id={id}
          className={inputClass}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="light">{t('admin.settings.themeLight')}</option>
          <option value="switchable">{t('admin.settings.themeSwitchable')}</option>
        </select>
      </div>
    );
  }
  if (kind === 'colour') {
    const text = String(value);
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            type="color"
            aria-label={t('admin.settings.colourPicker', { field: label })}
            value={/^#[0-9a-fA-F]{6}$/.test(text) ? text : '#000000'}
            onChange={(e) => onChange(e.target.value)}
            className="h-10 w-12 rounded border border-slate-300"
          />
          <input
            id={id}
            className={`${inputClass} mt-0`}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          />
        </div>
        <FieldError id={`${id}-error`} error={error} />
      </div>
    );
  }
  if (kind === 'origins') {
    return (
      <TextField
        label={label}
        hint={t('admin.settings.originsHint')}
        value={((value as string[] | undefined) ?? []).join(' ')}
        onChange={(e) => onChange(e.target.value.split(/[\s,]+/).filter(Boolean))}
        error={error}
      />
    );
  }
  if (kind === 'codes') {
    return (
      <TextField
        label={label}
        hint={t('admin.settings.codesHint')}
        value={(value as string[]).join(', ')}
        onChange={(e) =>
          onChange(
            e.target.value
              .split(/[\s,]+/)
              .map((code) => code.trim().toUpperCase())
              .filter(Boolean),
          )
        }
        error={error}
      />
    );
  }
  if (kind === 'airports') {
    return (
      <div className="sm:col-span-2">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <textarea
          id={id}
          rows={6}
          className={`${inputClass} font-mono text-xs`}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <FieldError id={`${id}-error`} error={error} />
      </div>
    );
  }
  if (kind === 'image')
    return <ImageField label={label} value={String(value)} error={error} onChange={onChange} />;
  return (
    <TextField
      label={label}
      type={kind === 'email' ? 'email' : 'text'}
      value={String(value ?? '')}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

/** An image field: its name or address, and a file upload that fills it in. */
function ImageField(props: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(undefined);
    try {
      const stored = await uploadImage(file);
      props.onChange(stored.url);
      toast.success(t('admin.settings.uploaded'));
    } catch (error) {
      setUploadError(
        error instanceof ApiError ? (error.fields.file ?? error.message) : t('messages.genericError'),
      );
    } finally {
      setUploading(false);
    }
  };

  const error = uploadError ?? props.error;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      <input
        id={id}
        className={inputClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label className="mt-1 inline-block text-xs">
        <span className="mr-2">{t('admin.settings.upload', { field: props.label })}</span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          disabled={uploading}
          onChange={(e) => void upload(e.target.files?.[0])}
          className="text-xs"
        />
      </label>
      {uploading && (
        <p className="text-xs" role="status">
          {t('admin.settings.uploading')}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function HostsField(props: { value: string; onChange: (value: string) => void; errors: [string, string][] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {t('admin.settings.fields.hosts')}
      </label>
      <textarea
        id={id}
        rows={3}
        className={inputClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.errors.length ? true : undefined}
        aria-describedby={`${id}-hint${props.errors.length ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {t('admin.settings.hostsHint')}
      </p>
      <FieldError id={`${id}-error`} error={props.errors.map(([, message]) => message).join(' ')} />
    </div>
  );
}

/** The header, booking banner and footer as the public site will show them with the draft. */
function BrandPreview({ config }: { config: SiteConfig }) {
  const { t } = useTranslation();
  const asset = (name: string) => assetAddress(config, name);
  return (
    <div
      data-testid="brand-preview"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-sm"
    >
      <div className="flex h-14 items-center gap-2 border-b border-slate-200 px-3">
        <img src={asset(config.headerLogo)} alt={config.displayName} className="h-8 w-auto max-w-[10rem]" />
      </div>
      <figure className="relative">
        <img src={asset(config.banners.bookingTop.large)} alt="" className="h-24 w-full object-cover" />
        <figcaption className="absolute inset-x-0 bottom-0 bg-black/50 px-3 py-1 text-sm font-semibold text-white">
          {config.banners.bookingTop.title || t('admin.settings.noTitle')}
        </figcaption>
      </figure>
      <div className="px-3 py-3 text-sm">
        <p className="font-semibold">{config.displayName}</p>
        <p className="text-xs text-slate-500">{config.companyName}</p>
        <span
          className="mt-2 inline-block rounded px-2 py-1 text-xs"
          style={{ background: config.colours.primary, color: config.colours.primaryContrast }}
        >
          {t('home.searchFlights')}
        </span>
        <span
          className="ml-2 inline-block rounded px-2 py-1 text-xs"
          style={{ background: config.colours.accent }}
        >
          {t('admin.settings.fields.accent')}
        </span>
      </div>
      <div
        className="flex items-center justify-between gap-2 px-3 py-3 text-xs"
        style={{ background: config.colours.primary, color: config.colours.primaryContrast }}
      >
        <img src={asset(config.footerLogo)} alt={config.displayName} className="h-6 w-auto max-w-[8rem]" />
        <span>
          {config.phone && `${FOOTER_PHONE_PREFIX} ${config.phone}`} {config.email}
        </span>
      </div>
    </div>
  );
}
