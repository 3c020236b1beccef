/**
 * The npm registry reachable here serves no macOS, Windows or Android builds of packages that
 * ship native binaries as optional dependencies, so `npm install` leaves them out of
 * package-lock.json and `npm ci` then refuses the lock as out of sync. This restores an entry for
 * every missing optional dependency with the os/cpu/libc its name states, so npm skips it on
 * other platforms exactly as it would with a complete lock. Run after changing dependencies:
 * `npm run lock:complete`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const OPERATING_SYSTEMS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPUS = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> {
  const tokens = name.split('/').pop()?.split(/[-_.]/) ?? [];
  const os = OPERATING_SYSTEMS.find((candidate) => tokens.includes(candidate));
  const cpu = CPUS.find((candidate) => tokens.includes(candidate));
  const libc = tokens.includes('musl') ? 'musl' : os === 'linux' ? 'glibc' : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

const lockPath = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const parent = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[hoisted] || lock.packages[parent]) continue;
    lock.packages[hoisted] = {
      version: version.replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries restored`);
