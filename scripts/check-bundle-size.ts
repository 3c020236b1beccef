/**
 * Fails when the home page's initial JavaScript (the entry, its static imports and the home
 * route's chunk) exceeds the budget. Reads Vite's manifest from web/dist after a build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const HOME_ROUTE_MODULE = 'src/features/search/home-page.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const dist = path.resolve(import.meta.dirname, '../web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
visit(HOME_ROUTE_MODULE);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  home page initial JavaScript, gzip (budget ${BUDGET_BYTES / 1024} KB)`,
);
if (total > BUDGET_BYTES) {
  console.error('Over budget: split a route or drop a dependency from the entry chunk.');
  process.exit(1);
}
