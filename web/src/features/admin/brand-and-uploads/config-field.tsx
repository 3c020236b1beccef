import { useId, useState } from 'react';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FieldError } from '../../../components/ui/field-error';
import { inputClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { uploadImage } from './api/upload-image';
import type { Kind } from './settings-fields';

/** One site-configuration field, drawn for its kind; the form holds its value (a Controller). */
export function ConfigField(props: {
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
      <CheckboxField
        label={label}
        checked={Boolean(value)}
        onChange={(e) => onChange(e.target.checked)}
        error={error}
      />
    );
  }
  if (kind === 'theme') {
    return (
      <SelectField
        label={label}
        value={String(value)}
        onValueChange={onChange}
        options={[
          ['light', t('admin.settings.themeLight')],
          ['switchable', t('admin.settings.themeSwitchable')],
        ]}
      />
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
      <TextareaField
        label={label}
        rows={6}
        className="sm:col-span-2"
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
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
export function ImageField(props: {
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
      notify.success(t('admin.settings.uploaded'));
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

export function HostsField(props: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextareaField
      label={t('admin.settings.fields.hosts')}
      hint={t('admin.settings.hostsHint')}
      rows={3}
      className="sm:col-span-2"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error}
    />
  );
}
