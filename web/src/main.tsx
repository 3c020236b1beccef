import './lib/zod-without-eval';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppContextProvider } from './app/context';
import { Notifications } from './app/layout/components/notifications';
import { router } from './app/router';
import { loadSiteConfig } from './config/site-config';
import { initI18n } from './lib/i18n';
import { createAppStore } from './stores/app-store';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

async function start() {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    const [config] = await Promise.all([loadSiteConfig(), initI18n()]);
    const store = createAppStore(config.stateName);
    root.render(
      <StrictMode>
        <AppContextProvider config={config} store={store}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            <Notifications />
          </QueryClientProvider>
        </AppContextProvider>
      </StrictMode>,
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
