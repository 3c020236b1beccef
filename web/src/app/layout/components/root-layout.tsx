import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '#shared/constants';
import { TestPaymentsRibbon } from '../../../components/ui/test-payments-ribbon';
import { useAppStore, useSiteConfig } from '../../../lib/app-context';
import { useTranslation } from '../../../lib/i18n';
import { useSessionSync } from '../../session/use-session';
import { useTheme } from '../use-theme';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

/** Header, page and footer; the home page is shown without the page wrapper (spec §2). */
const ConfirmModal = lazy(() => import('./confirm-modal'));
// Only a partner app's visits need these (app-SDK brands, a refused sign-in link).
const AppSdkBar = lazy(() => import('./app-sdk-bar').then((m) => ({ default: m.AppSdkBar })));
const AppSdkSignInRefused = lazy(() =>
  import('./app-sdk-sign-in-refused').then((m) => ({ default: m.AppSdkSignInRefused })),
);

export function RootLayout() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const testPayments = config.paymentsMode === 'test';
  const modalOpen = useAppStore((s) => s.modal.status);
  const { pathname } = useLocation();
  const [theme, setTheme] = useTheme();
  const setIsMobile = useAppStore((s) => s.setIsMobile);
  const appSdkSignIn = useSessionSync();
  useFocusOnNavigation(pathname);

  useEffect(() => {
    const media = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const update = () => setIsMobile(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [setIsMobile]);

  return (
    <div className={`flex min-h-screen flex-col ${config.isAppSdk ? 'pb-16' : ''}`}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('footer.skipToContent')}
      </a>
      {testPayments && <TestPaymentsRibbon />}
      <Header />
      {appSdkSignIn === 'refused' ? (
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none">
          <Suspense fallback={null}>
            <AppSdkSignInRefused />
          </Suspense>
        </main>
      ) : pathname === '/' ? (
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
      ) : (
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none">
          <Outlet />
        </main>
      )}
      <Footer theme={theme} onThemeChange={setTheme} />
      <ScrollToTop />
      {config.isAppSdk && (
        <Suspense fallback={null}>
          <AppSdkBar />
        </Suspense>
      )}
      {modalOpen && (
        <Suspense fallback={null}>
          <ConfirmModal />
        </Suspense>
      )}
    </div>
  );
}

/** How long after a navigation a page that is still loading may take to show its heading. */
const HEADING_WAIT_MS = 4000;

/**
 * After a client-side navigation to another page, focus moves to the new page's main heading (or
 * the main area until the heading appears, as on pages that load first), so keyboard and
 * screen-reader users start there, as after a full page load. Once the user moves the focus
 * somewhere else, it is left alone.
 */
function useFocusOnNavigation(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main');
    if (!main) return;
    const unclaimed = () =>
      document.activeElement === document.body || document.activeElement === main || !document.activeElement;
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (document.activeElement !== heading && unclaimed()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (!focusHeading() && unclaimed()) main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => focusHeading());
    observer.observe(main, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname]);
}
