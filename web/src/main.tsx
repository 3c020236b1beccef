import './lib/zod-without-eval';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '#shared/constants';
import { applyTheme } from './app/layout/theme';
import { AppRoutes } from './app/router';
import { loadSiteConfig } from './config/site-config';
import { AppContextProvider } from './lib/app-context';
import { initI18n } from './lib/i18n';
import { createAppStore } from './stores/app-store';
import './styles.css';

// The toaster (react-hot-toast) is not needed for the first paint; it loads right after.
const Notifications = lazy(() =>
  import('./app/layout/components/notifications').then((m) => ({ default: m.Notifications })),
);

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

async function start() {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    // The theme is set as soon as the configuration is read, before the language and React.
    const [config] = await Promise.all([
      loadSiteConfig().then((loaded) => {
        applyTheme(loaded);
        return loaded;
      }),
      initI18n(),
    ]);
    const store = createAppStore(config.stateName);
    // Known before the first render, so the layout does not draw the page twice on a phone.
    store.getState().setIsMobile(window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches);
    // A transition lets React yield while it draws the first page, so no long task blocks input.
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppContextProvider config={config} store={store}>
            <QueryClientProvider client={queryClient}>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
              <Suspense fallback={null}>
                <Notifications />
              </Suspense>
            </QueryClientProvider>
          </AppContextProvider>
        </StrictMode>,
      ),
    );
  } catch {
    root.render(
      <main className="mx-auto max-w-md p-8 text-center">
        <h1 className="text-xl font-semibold">This site is not available right now</h1>
        <p className="mt-2">Please check your connection and reload the page.</p>
      </main>,
    );
  }
}

void start();
