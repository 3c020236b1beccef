import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './test/server-process';

const readJson = (file: string) =>
  JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8')) as {
    version: string;
    engines: { node: string };
  };

/**
 * The npm scripts run on the Node of the `node` devDependency (node_modules/.bin/node, first on
 * their PATH), not on the machine's own Node: so do the tests and every process they start.
 */
describe('Node runtime', () => {
  const installed = readJson('node_modules/node/package.json').version;

  it('is the Node of the node devDependency, which package.json engines accept', () => {
    expect(process.version).toBe(`v${installed}`);
    expect(semver.satisfies(process.version, readJson('package.json').engines.node)).toBe(true);
  });

  it('is also what a child started with process.execPath (the server processes of the tests) runs', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '-p', 'process.version'],
      {
        cwd: REPOSITORY_ROOT,
      },
    );
    expect(stdout.trim()).toBe(`v${installed}`);
  });
});
