import { useEffect, useState } from 'react';
import { SCROLL_TO_TOP_THRESHOLD_PX, SCROLL_TO_TOP_THROTTLE_MS } from '#shared/constants';
import { useSiteConfig } from '../../../lib/app-context';
import { useTranslation } from '../../../lib/i18n';

/** Appears once the page is scrolled more than 400 px, checked at most once a second (spec §2). */
export function ScrollToTop() {
  const { t } = useTranslation();
  // Above the app-SDK bottom bar when there is one.
  const config = useSiteConfig();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let lastCheck = 0;
    let trailing: number | undefined;
    const check = () => {
      lastCheck = Date.now();
      trailing = undefined;
      setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    };
    const onScroll = () => {
      const wait = SCROLL_TO_TOP_THROTTLE_MS - (Date.now() - lastCheck);
      if (wait <= 0) check();
      else trailing ??= window.setTimeout(check, wait);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (trailing) window.clearTimeout(trailing);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={t('footer.scrollToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className={`fixed right-4 ${config.isAppSdk ? 'bottom-20' : 'bottom-4'} z-40 flex h-11 w-11 items-center justify-center rounded-full bg-brand text-xl text-brand-contrast shadow-lg`}
    >
      ↑
    </button>
  );
}
