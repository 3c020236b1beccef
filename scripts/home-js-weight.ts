/**
 * The home page's initial JavaScript: the entry, its static imports and the home route's chunk,
 * gzip-compressed, read from Vite's manifest in web/dist after a build. `npm run check:bundle`
 * holds it to the budget; `npm run bench:web` prints it beside the Lighthouse scores.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const HOME_JS_BUDGET_BYTES = 120 * 1024;
const HOME_ROUTE_MODULE = 'src/features/search/home-page.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export function homeInitialJs(dist = path.resolve(import.meta.dirname, '../web/dist')): {
  files: { file: string; gzipBytes: number }[];
  totalBytes: number;
} {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const names = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || names.has(chunk.file)) return;
    names.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  visit(HOME_ROUTE_MODULE);
  const files = [...names].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
  }));
  return { files, totalBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
