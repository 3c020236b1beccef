/**
 * `engine-strict` against the Node that runs Tikat. npm checks `engines` against the Node that
 * runs npm itself, which on a machine whose own Node is older (Node 20 here) is only the
 * bootstrapper: the `node` devDependency puts Node 24 first on the PATH of every npm script, and
 * that is what runs the server, the tests and the tools. Run as the root `postinstall` (so by
 * `npm install` and `npm ci`, on the Node of the npm scripts), this fails the install when an
 * installed package, or Tikat itself, does not support that Node, and when npm left out an
 * optional dependency this platform needs (npm skips one whose `engines` excludes its own Node,
 * so a native binary for Node 22+ would be missing). `npm run check:engines` runs it again.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

interface LockEntry {
  name?: string;
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const node = process.version;
const libc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header
  ?.glibcVersionRuntime
  ? 'glibc'
  : 'musl';

/** npm's own reading of an os/cpu/libc list: names allow, `!name` excludes. */
function allows(list: string[] | undefined, value: string): boolean {
  if (!list?.length) return true;
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((item) => !item.startsWith('!'));
  return allowed.length === 0 || allowed.includes(value);
}

function nameOf(location: string): string {
  return location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

function nodeRange(entry: LockEntry): string | undefined {
  return Array.isArray(entry.engines) ? undefined : entry.engines?.node;
}

// npm tells its scripts which Node runs npm itself: "npm/11.19.1 node/v20.20.2 linux x64 …".
const npmNode = /node\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1] ?? 'another Node';
const problems: string[] = [];
const installed = (location: string) => existsSync(path.join(root, location, 'package.json'));
let checked = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  if (!installed(location)) continue;
  checked++;
  const required = nodeRange(entry);
  if (required && !semver.satisfies(node, required, { includePrerelease: true })) {
    problems.push(`${location ? nameOf(location) : 'tikat'}@${entry.version} needs Node ${required}`);
  }
  for (const dependency of Object.keys(entry.optionalDependencies ?? {})) {
    // Node's resolution from the dependent's folder: its own node_modules, then each parent's.
    let candidate = location;
    let found: string | undefined;
    for (;;) {
      const at = candidate ? `${candidate}/node_modules/${dependency}` : `node_modules/${dependency}`;
      if (lock.packages[at]) {
        found = at;
        break;
      }
      if (!candidate) break;
      const parent = candidate.lastIndexOf('/node_modules/');
      candidate = parent < 0 ? '' : candidate.slice(0, parent);
    }
    const optional = found ? lock.packages[found] : undefined;
    if (!found || !optional || installed(found)) continue;
    const range = nodeRange(optional);
    if (
      allows(optional.os, process.platform) &&
      allows(optional.cpu, process.arch) &&
      allows(optional.libc, libc) &&
      (!range || semver.satisfies(node, range, { includePrerelease: true }))
    ) {
      problems.push(
        `${dependency}@${optional.version}, an optional dependency built for this platform, is not ` +
          `installed: npm leaves one out when its engines (${range ?? 'any Node'}) exclude the Node ` +
          `that runs npm (${npmNode})`,
      );
    }
  }
}

if (problems.length > 0) {
  console.error(`check-engines: on Node ${node}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `check-engines: the ${checked} installed packages support Node ${node}, which runs the npm scripts`,
);
if (npmNode !== node && npmNode.startsWith('v')) {
  console.log(`  (npm itself ran on Node ${npmNode}: its EBADENGINE warnings, if any, are about that one)`);
}
