import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The app's root: the nearest folder above this module holding package.json. The same from source
 * (server/src/…) and from the build (dist/server/…, one bundle per entry), so the files the server
 * reads at run time are found in their one place either way.
 */
function findAppRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${from}`);
  }
}

export const APP_ROOT = findAppRoot(import.meta.dirname);
/** The one migrations folder (generated SQL, drizzle-kit). */
export const MIGRATIONS_FOLDER = path.join(APP_ROOT, 'server', 'drizzle');
/** The built web app (`npm run build:web`). */
export const WEB_DIST = path.join(APP_ROOT, 'web', 'dist');
/** Demo brand logos and banners, served at /brand-assets/. */
export const BRAND_ASSETS = path.join(APP_ROOT, 'server', 'assets', 'brands');
