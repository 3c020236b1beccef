/**
 * `npm run bench:integrations`: what an agency's two ways in (API keys and webhooks,
 * docs/accounts.md#api-keys) cost, in process over PGlite (Fastify `inject`, no network): (1) `GET /me` with
 * a session cookie, with a session bearer token and with an API key (each request looks the key up, counts
 * its rate limit); (2) webhook deliveries per second to a local receiver, from events written by holds.
 * Prints figures; asserts nothing. `-- --requests=N` per way in (default 2000), `-- --events=N` (default
 * 200).
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { users } from '../server/src/db/schema/index';
import { recordWebhookEvents } from '../server/src/domain/webhooks/record-webhook-events';
import { runJob } from '../server/src/jobs/run-all-jobs';
import { api, logIn } from '../server/src/test/accounts';
import { createTestApp } from '../server/src/test/test-app';
import { numberOption } from './options';

const REQUESTS = numberOption('requests', 2000);
const EVENTS = numberOption('events', 200);

const t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '1000000' });
try {
  const { cookie } = await logIn(t, 'agent@sajilo.example');
  const { token } = await logIn(t, 'agent@sajilo.example', { session: 'bearer' });
  const key = (await api(t, { method: 'POST', url: '/api-keys', cookie, payload: { name: 'Bench' } })).json()
    .data.key as string;

  const time = async (label: string, options: { cookie?: string; bearer?: string }) => {
    for (let i = 0; i < 100; i++) await api(t, { method: 'GET', url: '/me', ...options });
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const response = await api(t, { method: 'GET', url: '/me', ...options });
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode}`);
    }
    const micros = ((performance.now() - started) * 1000) / REQUESTS;
    console.log(
      `GET /me with ${label.padEnd(22)} ${micros.toFixed(0).padStart(6)} µs per request (${REQUESTS})`,
    );
    return micros;
  };
  const session = await time('a session cookie', { cookie });
  const bearer = await time('a session bearer token', { bearer: token ?? '' });
  const withKey = await time('an API key', { bearer: key });

  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  await api(t, { method: 'POST', url: '/webhooks', cookie, payload: { url, events: ['wallet.low'] } });
  const [agent] = await t.app.db.select().from(users).where(eq(users.email, 'agent@sajilo.example'));
  if (!agent) throw new Error('no demo agent');
  const recordStarted = performance.now();
  await recordWebhookEvents(
    t.app.db,
    Array.from({ length: EVENTS }, () => ({
      brandId: agent.brandId,
      userId: agent.id,
      type: 'wallet.low' as const,
      resourceType: 'wallet' as const,
      resourceId: agent.id,
    })),
  );
  const recordMs = performance.now() - recordStarted;
  const started = performance.now();
  while (received < EVENTS) {
    const delivered = (await runJob(t.app, 'webhooks.deliver')).webhooksDelivered;
    if (delivered === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  server.close();
  console.log(`recordWebhookEvents: ${EVENTS} events in one statement, ${recordMs.toFixed(1)} ms`);
  console.log(
    `webhooks.deliver: ${received} of ${EVENTS} delivered in ${seconds.toFixed(2)} s, ${(received / seconds).toFixed(0)} per second (one job, 10 receivers at a time)`,
  );
  if (process.argv.includes('--json')) {
    console.log(
      `BENCH_JSON ${JSON.stringify({ meCookieMicros: session, meBearerMicros: bearer, meApiKeyMicros: withKey, webhooksPerSecond: received / seconds })}`,
    );
  }
} finally {
  await t.close();
}
