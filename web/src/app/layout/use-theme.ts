import { useEffect, useState } from 'react';
import type { AppTheme } from '#shared/site-config';
import { useSiteConfig } from '../../lib/app-context';
import { browserStorage } from '../../lib/browser-storage';

const themeKey = (userDataKey: string) => userDataKey.replace(/UserData$/, 'AppTheme');

/**
 * Seed §4: a switchable brand follows the stored choice ('system' follows the OS preference);
 * every other brand is always light.
 */
export function useTheme(): [AppTheme, (theme: AppTheme) => void] {
  const config = useSiteConfig();
  const key = themeKey(config.userDataKey);
  const [theme, setTheme] = useState<AppTheme>(() => {
    const stored = browserStorage.get(key);
    return stored === 'dark' || stored === 'system' || stored === 'light' ? stored : 'light';
  });
  const switchable = config.themeMode === 'switchable';

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = switchable && (theme === 'dark' || (theme === 'system' && media.matches));
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme, switchable]);

  return [
    theme,
    (next) => {
      browserStorage.set(key, next);
      setTheme(next);
    },
  ];
}
