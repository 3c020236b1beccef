/**
 * Which builds are older than their sources: what `npm start` (scripts/start.ts) rebuilds before
 * it runs the built server. Compares modification times: the newest source file against the file
 * each build writes last. Runs on plain Node (type stripping): only node: imports, erasable types.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface BuildStep {
  /** The npm script that makes it. */
  script: 'build:server' | 'build:web';
  /** The file the build writes last; missing means never built. */
  output: string;
  /** Files and folders whose contents the build is made from. */
  sources: string[];
}

const SHARED_SOURCES = ['shared/src', 'package.json', 'package-lock.json'];

export const BUILD_STEPS: BuildStep[] = [
  {
    script: 'build:server',
    output: 'dist/server/main.js',
    sources: ['server/src', 'scripts/build-server.ts', ...SHARED_SOURCES],
  },
  {
    script: 'build:web',
    output: 'web/dist/.vite/manifest.json',
    sources: ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', ...SHARED_SOURCES],
  },
];

const TEST_FILE = /\.(test|spec)\.tsx?$/;

/** The newest modification time (ms) under `entry`, test files left out; 0 when it does not exist. */
export function newestSourceTime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return TEST_FILE.test(entry) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs; // a file deleted or renamed inside changes its folder's time
  for (const name of readdirSync(entry)) {
    newest = Math.max(newest, newestSourceTime(path.join(entry, name)));
  }
  return newest;
}

/** The build steps whose output is missing or older than one of their sources, under `root`. */
export function staleBuildSteps(root: string, steps: BuildStep[] = BUILD_STEPS): BuildStep[] {
  return steps.filter((step) => {
    const output = path.join(root, step.output);
    if (!existsSync(output)) return true;
    const built = statSync(output).mtimeMs;
    return step.sources.some((source) => newestSourceTime(path.join(root, source)) > built);
  });
}
