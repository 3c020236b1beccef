import type { AppTheme } from '#shared/site-config';
import { useTranslation } from '../../../lib/i18n';

export function ThemeSwitch(props: { theme: AppTheme; onChange: (theme: AppTheme) => void }) {
  const { t } = useTranslation();
  return (
    <label className="text-sm">
      <span className="mb-1 block font-semibold text-white">{t('footer.theme')}</span>
      <select
        value={props.theme}
        onChange={(event) => props.onChange(event.target.value as AppTheme)}
        className="rounded border border-slate-600 bg-slate-800 px-2 py-1 text-slate-100"
      >
        <option value="light">{t('footer.themeLight')}</option>
        <option value="dark">{t('footer.themeDark')}</option>
        <option value="system">{t('footer.themeSystem')}</option>
      </select>
    </label>
  );
}
