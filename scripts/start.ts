/**
 * `npm start`: builds what is missing or older than its sources (scripts/build-freshness.ts),
 * then runs the built server (dist/server/main.js) in this process. On a current build nothing
 * but plain Node runs: no bundler, no TypeScript compiler, no tsx. Node's flags (the young
 * generation's size) are on the `start` script in package.json, as on the image's CMD.
 */
import { spawnSync } from 'node:child_process';
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { staleBuildSteps } from './build-freshness.ts';

const root = path.resolve(import.meta.dirname, '..');
for (const step of staleBuildSteps(root)) {
  console.log(
    `npm start: ${step.output} is missing or older than its sources; running npm run ${step.script}`,
  );
  const built = spawnSync('npm', ['run', '--silent', step.script], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// Source maps stay off (about 20 MB and 0.1 s of every start): stack traces name the bundle's
// functions and lines; NODE_OPTIONS=--enable-source-maps maps them to server/src when debugging
// (docs/decisions/0007-source-maps-not-loaded-at-start.md).
// V8's compiled code of the server and its packages kept on disk (the OS's temporary folder, or
// NODE_COMPILE_CACHE): a restart skips compiling them again.
enableCompileCache();
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
