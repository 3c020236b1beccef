import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_STEPS, staleBuildSteps } from './build-freshness';

let root: string;
const PACKAGE_JSON = '{ "type": "module" }';
const at = (relative: string) => path.join(root, relative);

function write(relative: string, text: string, secondsAgo: number): void {
  mkdirSync(path.dirname(at(relative)), { recursive: true });
  writeFileSync(at(relative), text);
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(at(relative), time, time);
}

/** Writing into a folder makes the folder new too: set it back. */
function hourOld(folder: string): void {
  const time = new Date(Date.now() - 3600_000);
  utimesSync(at(folder), time, time);
}

/** An app folder whose every source is an hour old and whose builds are a minute old. */
function currentBuild(): void {
  for (const step of BUILD_STEPS) {
    for (const source of step.sources) {
      const isFile = /\.\w+$/.test(source);
      write(
        isFile ? source : `${source}/module.ts`,
        source.endsWith('.json') ? PACKAGE_JSON : 'source',
        3600,
      );
      if (!isFile) hourOld(source);
    }
  }
  write('dist/server/main.js', "console.log('the built server ran');", 60);
  write('web/dist/.vite/manifest.json', '{}', 60);
}

/**
 * `npm start` in that folder (scripts/start.ts on this Node), with an `npm` first on the PATH
 * that records each build it is asked for and touches the build's output.
 */
function npmStart(): { stdout: string; builds: string[] } {
  for (const script of ['start.ts', 'build-freshness.ts']) {
    copyFileSync(path.join(import.meta.dirname, script), at(`scripts/${script}`));
  }
  const bin = at('fake-bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    path.join(bin, 'npm'),
    `#!/bin/sh\necho "$*" >> "${at('builds.log')}"\nmkdir -p dist/server web/dist/.vite\ntouch dist/server/main.js web/dist/.vite/manifest.json\n`,
  );
  chmodSync(path.join(bin, 'npm'), 0o755);
  const started = spawnSync(process.execPath, [at('scripts/start.ts')], {
    cwd: root,
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(started.status, started.stderr).toBe(0);
  const log = at('builds.log');
  const builds = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  return { stdout: started.stdout, builds };
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tikat-start-'));
  write('package.json', PACKAGE_JSON, 3600);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start (scripts/start.ts)', () => {
  it('runs the built server on plain Node and no build tool when the build is current', () => {
    currentBuild();
    expect(staleBuildSteps(root)).toEqual([]);
    const { stdout, builds } = npmStart();
    expect(builds).toEqual([]);
    expect(stdout).toContain('the built server ran');
  });

  it('builds the server first when a server source is newer than the build, and only the server', () => {
    currentBuild();
    write('server/src/main.ts', 'changed', 0);
    const { stdout, builds } = npmStart();
    expect(builds).toEqual(['run --silent build:server']);
    expect(stdout).toContain('the built server ran');
  });

  it('builds both when nothing was built, and the web app alone when only web sources changed', () => {
    currentBuild();
    rmSync(at('dist'), { recursive: true });
    rmSync(at('web/dist'), { recursive: true });
    expect(staleBuildSteps(root).map((step) => step.script)).toEqual(['build:server', 'build:web']);

    currentBuild();
    write('web/src/page.tsx', 'changed', 0);
    expect(staleBuildSteps(root).map((step) => step.script)).toEqual(['build:web']);
  });

  it('rebuilds for a shared source (both sides) but not for a changed test file', () => {
    currentBuild();
    write('server/src/routes/thing.test.ts', 'a new test', 0);
    hourOld('server/src/routes');
    hourOld('server/src');
    expect(staleBuildSteps(root)).toEqual([]);

    write('shared/src/flights.ts', 'changed', 0);
    expect(staleBuildSteps(root).map((step) => step.script)).toEqual(['build:server', 'build:web']);
  });
});
