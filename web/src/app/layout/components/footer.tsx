import type { AppTheme } from '#shared/site-config';
import { assetUrl } from '../../../config/site-config';
import { useSiteConfig } from '../../../lib/app-context';
import { useTranslation } from '../../../lib/i18n';
import { dialablePhone, displayPhone, footerLogoHref } from '../brand-links';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

/** Seed §2 footer: logo linking to /?data=…, the phone with +977, the e-mail. */
export function Footer(props: { theme: AppTheme; onThemeChange: (theme: AppTheme) => void }) {
  const config = useSiteConfig();
  const { t } = useTranslation();
  return (
    <footer className="mt-auto bg-slate-900 text-slate-200">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <a href={footerLogoHref(config)} aria-label={t('brand.home', { name: config.displayName })}>
            <img
              src={assetUrl(config, config.footerLogo)}
              alt={config.displayName}
              width={176}
              height={38}
              className="h-9 w-auto"
            />
          </a>
          <p className="mt-3 max-w-xs text-sm text-slate-300">{config.companyName}</p>
        </div>
        <address className="not-italic text-sm">
          <h2 className="mb-2 font-semibold text-white">{t('footer.contactUs')}</h2>
          {config.phone && (
            <p>
              {t('footer.phone')}:{' '}
              <a className="underline" href={`tel:${dialablePhone(config.phone)}`} data-testid="footer-phone">
                {displayPhone(config.phone)}
              </a>
            </p>
          )}
          {config.email && (
            <p className="mt-1">
              {t('footer.email')}:{' '}
              <a className="underline" href={`mailto:${config.email}`}>
                {config.email}
              </a>
            </p>
          )}
        </address>
        <div className="flex flex-col items-start gap-3 text-sm">
          <LanguageSwitch className="rounded border border-slate-600 px-3 py-1 text-slate-100 hover:bg-slate-800" />
          {config.themeMode === 'switchable' && (
            <ThemeSwitch theme={props.theme} onChange={props.onThemeChange} />
          )}
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {config.companyName}
      </p>
    </footer>
  );
}
