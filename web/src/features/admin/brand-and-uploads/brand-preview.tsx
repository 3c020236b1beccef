import { assetAddress } from '#shared/asset-address';
import { FOOTER_PHONE_PREFIX } from '#shared/constants';
import type { SiteConfig } from '#shared/site-config';
import { useTranslation } from '../../../lib/i18n';

/** The header, booking banner and footer as the public site will show them with the draft. */
export function BrandPreview({ config }: { config: SiteConfig }) {
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
