import { type ChildProcess, spawn } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { RELAXED_HOLD_LIMITS, RELAXED_SEARCH_RATE_LIMIT } from './test-app';
import { TEST_PASSWORD_HASHING } from './test-database';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first /readyz 200. */
  startMs: number;
  /** SIGTERM (graceful) and wait for the exit. */
  stop(): Promise<void>;
}

/** The built server (`npm run build:server`) with the Node flags `npm start` and the image give it. */
export const BUILT_SERVER = ['--max-semi-space-size=8', 'dist/server/main.js'];

/**
 * A real app process on a free port with the given settings, resolved once its /readyz answers
 * 200: `server/src/main.ts` through tsx, or with `built` the built server on plain Node. Tests'
 * defaults: cheap password hashing, quiet logs.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number; stderr?: 'inherit' | 'ignore'; built?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const entry = options.built ? BUILT_SERVER : ['--import', 'tsx', 'server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: REPOSITORY_ROOT,
    stdio: ['ignore', process.env.SERVER_PROCESS_STDOUT ? 'inherit' : 'ignore', options.stderr ?? 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_HASHING.memoryCost),
      PASSWORD_HASH_TIME_COST: String(TEST_PASSWORD_HASHING.timeCost),
      ...RELAXED_HOLD_LIMITS,
      ...RELAXED_SEARCH_RATE_LIMIT,
      ...env,
      PORT: String(port),
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}`);
    const healthy = await fetch(`${origin}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) return { origin, child, startMs: performance.now() - spawnedAt, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('server process did not become healthy');
}

export interface RoundRobinProxy {
  origin: string;
  /** Requests forwarded to each backend, by its origin. */
  forwarded: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A small HTTP load balancer (as nginx or Caddy would be): each request goes to the next backend
 * in turn; a backend that refuses the connection is skipped for that request; no stickiness.
 */
export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const forwarded = new Map(backends.map((b) => [b, 0]));
  const server = createHttpServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (triesLeft: number) => {
        const backend = backends[next++ % backends.length] as string;
        const target = new URL(backend);
        const upstream = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress ?? '' },
          },
          (answer: IncomingMessage) => {
            forwarded.set(backend, (forwarded.get(backend) ?? 0) + 1);
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && triesLeft > 1) return attempt(triesLeft - 1);
          if (!outgoing.headersSent) {
            outgoing.writeHead(502, { 'content-type': 'text/plain' });
            outgoing.end(`proxy: ${error.code ?? error.message}`);
          } else outgoing.destroy();
        });
        upstream.end(body);
      };
      attempt(backends.length);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
