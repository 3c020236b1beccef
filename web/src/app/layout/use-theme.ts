import { useEffect, useState } from 'react';
import type { AppTheme } from '#shared/site-config';
import { useSiteConfig } from '../../lib/app-context';
import { browserStorage } from '../../lib/browser-storage';
import { applyTheme, DARK_PREFERENCE, storedTheme, themeKey } from './theme';

/**
 * Seed §4: a switchable brand follows the stored choice ('system', the default, follows the OS
 * preference live, as it changes); every other brand is always light.
 */
export function useTheme(): [AppTheme, (theme: AppTheme) => void] {
  const config = useSiteConfig();
  const [theme, setTheme] = useState<AppTheme>(() => storedTheme(config));

  useEffect(() => {
    const media = window.matchMedia(DARK_PREFERENCE);
    const apply = () => applyTheme(config, theme);
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme, config]);

  return [
    theme,
    (next) => {
      browserStorage.set(themeKey(config), next);
      setTheme(next);
    },
  ];
}
