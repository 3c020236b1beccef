import type { AppTheme, PublicSiteConfig } from '#shared/site-config';
import { browserStorage } from '../../lib/browser-storage';

type ThemeConfig = Pick<PublicSiteConfig, 'userDataKey' | 'themeMode'>;

/** The stored theme's key: the brand's name plus 'AppTheme' (spec §3.5). */
export const themeKey = (config: ThemeConfig) => config.userDataKey.replace(/UserData$/, 'AppTheme');

export const DARK_PREFERENCE = '(prefers-color-scheme: dark)';

/**
 * The traveller's choice on a switchable brand; 'system' until they choose, so a phone set to
 * dark opens the site dark (docs/web.md#themes). Other brands are always light (spec §4.4).
 */
export function storedTheme(config: ThemeConfig): AppTheme {
  if (config.themeMode !== 'switchable') return 'light';
  const stored = browserStorage.get(themeKey(config));
  return stored === 'dark' || stored === 'light' || stored === 'system' ? stored : 'system';
}

/** Spec §4.4: 'system' follows the operating system's dark preference, 'dark' is dark, else light. */
export function resolvedTheme(config: ThemeConfig, theme: AppTheme, prefersDark: boolean): 'light' | 'dark' {
  const dark = config.themeMode === 'switchable' && (theme === 'dark' || (theme === 'system' && prefersDark));
  return dark ? 'dark' : 'light';
}

/**
 * Draws the page in the resolved theme. Called before React's first render too (main.tsx), so a
 * stored choice shows at once; the server already marks a switchable brand's page 'system', which
 * the stylesheet draws by the OS preference (styles.css), so the default never flashes light.
 */
export function applyTheme(config: ThemeConfig, theme: AppTheme = storedTheme(config)): void {
  const prefersDark = window.matchMedia(DARK_PREFERENCE).matches;
  document.documentElement.dataset.theme = resolvedTheme(config, theme, prefersDark);
}
