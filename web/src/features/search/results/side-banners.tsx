import { assetUrl } from '../../../config/site-config';
import { useSiteConfig } from '../../../lib/app-context';
import { useTranslation } from '../../../lib/i18n';

/** The brand's side banners on the results, as one slim row below the flights. */
export function SideBanners() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  return (
    <aside
      aria-label={t('pages.flightSearch.offers')}
      className="hidden grid-cols-5 gap-3 md:grid lg:col-start-2"
    >
      {config.banners.side.map((banner, index) => (
        <img
          key={banner}
          src={assetUrl(config, banner)}
          alt={sideBannerAlt(banner, index, t)}
          width={300}
          height={600}
          loading="lazy"
          className="h-24 w-full rounded-lg object-cover"
        />
      ))}
    </aside>
  );
}

/**
 * The words of the demo artwork (`side-banner-N.svg`, server/assets/brands) in the reader's
 * language; an uploaded banner's words are unknown here, so it stays decorative.
 */
function sideBannerAlt(banner: string, index: number, t: ReturnType<typeof useTranslation>['t']) {
  const n = index + 1;
  if (banner !== `side-banner-${n}.svg` || n > 5) return '';
  return t(`pages.flightSearch.bannerAlt.${n as 1 | 2 | 3 | 4 | 5}`);
}
