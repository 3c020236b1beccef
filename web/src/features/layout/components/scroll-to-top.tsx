import { useEffect, useState } from 'react';
import { SCROLL_TO_TOP_THRESHOLD_PX, SCROLL_TO_TOP_THROTTLE_MS } from '#shared/constants';

/** Appears once the page is scrolled more than 400 px, checked at most once a second (seed §2). */
export function ScrollToTop() {
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
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed right-4 bottom-4 z-40 flex h-11 w-11 items-center justify-center rounded-full bg-brand text-xl text-brand-contrast shadow-lg"
    >
      ↑
    </button>
  );
}
