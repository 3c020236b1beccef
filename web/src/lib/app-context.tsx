import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { PublicSiteConfig } from '#shared/site-config';
import type { AppStore, AppStoreApi } from '../stores/app-store';

const SiteConfigContext = createContext<PublicSiteConfig | null>(null);
const AppStoreContext = createContext<AppStoreApi | null>(null);

export function AppContextProvider(props: {
  config: PublicSiteConfig;
  store: AppStoreApi;
  children: ReactNode;
}) {
  return (
    <SiteConfigContext.Provider value={props.config}>
      <AppStoreContext.Provider value={props.store}>{props.children}</AppStoreContext.Provider>
    </SiteConfigContext.Provider>
  );
}

/** The brand's public site configuration. */
export function useSiteConfig(): PublicSiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig outside AppContextProvider');
  return config;
}

/** A slice of the one client store. */
export function useAppStore<T>(selector: (state: AppStore) => T): T {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useAppStore outside AppContextProvider');
  return useStore(store, selector);
}
