import { assetUrl } from '../../config/site-config';
import { useSiteConfig } from '../../lib/app-context';
import { useTranslation } from '../../lib/i18n';

/** The booking page: the brand's top and bottom banners around the booking content. */
export function BookingPage() {
  const config = useSiteConfig();
  const { t } = useTranslation();
  const { bookingTop, bookingBottom } = config.banners;
  return (
    <div className="space-y-8">
      <Banner
        large={assetUrl(config, bookingTop.large)}
        small={assetUrl(config, bookingTop.small)}
        title={bookingTop.title}
      />
      <section>
        <h1 className="text-2xl font-semibold">{t('pages.booking.title')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t('pages.booking.intro')}</p>
      </section>
      <Banner
        large={assetUrl(config, bookingBottom.large)}
        small={assetUrl(config, bookingBottom.small)}
        title={bookingBottom.title}
      />
    </div>
  );
}

function Banner(props: { large: string; small: string; title: string }) {
  return (
    <figure>
      <picture>
        <source media="(min-width: 640px)" srcSet={props.large} />
        <img src={props.small} alt={props.title} width={600} height={160} className="w-full rounded-xl" />
      </picture>
      <figcaption className="mt-2 text-center font-medium">{props.title}</figcaption>
    </figure>
  );
}
