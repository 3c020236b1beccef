/**
 * `npm run build:server`: the server as plain JavaScript in dist/server, one ES module per entry
 * (the server and the operator commands) with their shared code in chunks. Packages stay imports
 * of node_modules (installed with `npm ci --omit=dev` in production); the repository's own
 * `#shared/*` and `#server/*` imports (package.json "imports") are bundled in. The files the server
 * reads at run time (migrations, brand assets, the built web app) stay where they are, found from
 * the app's root (server/src/app-files.ts). BUILD_ID, a hash of the sources, lets a restart of the
 * same build skip reloading the reference data (server/src/seed/index.ts).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/server');
const ENTRIES = [
  'server/src/main.ts',
  'server/src/cli/create-operator.ts',
  'server/src/cli/import-ssim.ts',
  'server/src/seed/cli.ts',
];
const HASHED = ['server/src', 'shared/src', 'package-lock.json'];
/**
 * Packages compiled into the bundle instead of imported from node_modules. drizzle-orm is some
 * 450 small modules in a package whose package.json (180 kB of "exports") Node reads again for
 * each of them: imported from node_modules it alone took 1.4 s and 200 MB at every start.
 */
const BUNDLED_PACKAGES = new Set(['drizzle-orm']);

const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const external = Object.keys(manifest.dependencies)
  .filter((name) => !BUNDLED_PACKAGES.has(name))
  .flatMap((name) => [name, `${name}/*`]);

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

const hash = createHash('sha256');
for (const file of HASHED.flatMap(filesUnder)) {
  if (/\.test\.ts$/.test(file)) continue;
  hash
    .update(file)
    .update('\0')
    .update(readFileSync(path.join(root, file)))
    .update('\0');
}
const buildId = hash.digest('hex').slice(0, 16);

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ENTRIES,
  outbase: 'server/src',
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node24',
  external,
  sourcemap: true,
  logLevel: 'warning',
  define: { TIKAT_BUILD_ID: JSON.stringify(buildId) },
  metafile: true,
});
const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.log(
  `build:server: ${outputs.length} files in dist/server (build ${buildId}) in ${(performance.now() - started).toFixed(0)} ms`,
);
