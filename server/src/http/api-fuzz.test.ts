import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { API, api, logInDemo } from '../test/accounts';
import { bookingBody, findOffers, holdBooking, inDays } from '../test/bookings';
import {
  deeplyNested,
  HOSTILE_STRINGS,
  hostileValue,
  type JsonSchema,
  schemaArbitrary,
} from '../test/fuzz/schema-arbitrary';
import { createTestApp } from '../test/test-app';
import { sessionCookieName } from './session-auth';

/**
 * The API fuzzer (docs/security.md#the-api-fuzzer). Every route of the app's own OpenAPI description gets
 * FUZZ_REQUESTS_PER_ROUTE requests (`npm test`: 150; `npm run fuzz`: 10,000) through the real
 * Fastify pipeline: bodies, query strings, path parameters and headers generated from the route's
 * JSON schemas with hostile values mixed in, broken JSON, deep nesting, odd Content-Types and
 * bodies over the limit, as nobody, a customer, an agent, an admin and the platform operator.
 * Promises: no 5xx, every request answered within REQUEST_TIMEOUT_MS, 413 above the body limit,
 * and every /api answer in the `{ success, data }` envelope.
 */
const REQUESTS_PER_ROUTE = Number(process.env.FUZZ_REQUESTS_PER_ROUTE ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const REQUEST_TIMEOUT_MS = 15_000;
const BODY_LIMIT = 32_768;
const UPLOAD_MAX_BYTES = 4096;

/** Errors the app logs, so a 5xx in the report comes with its cause. */
const loggedErrors: string[] = [];
const errorLog = new Writable({
  write(chunk, _encoding, done) {
    loggedErrors.push(String(chunk));
    if (loggedErrors.length > 50) loggedErrors.shift();
    done();
  },
});

const t = await createTestApp(
  {
    BODY_LIMIT_BYTES: String(BODY_LIMIT),
    UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
    // The fuzzer is one client hammering log-in and sign-up: limits would hide those handlers.
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
    BOOKING_JOBS_INTERVAL_SECONDS: '0',
  },
  { logger: { level: 'error', stream: errorLog } },
);
afterAll(() => t.close());

interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const spec = t.app.swagger() as { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
const allOperations: Operation[] = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
);
/** `FUZZ_ROUTES` (a regular expression over "METHOD /path") and `FUZZ_SHARD` ("1/2") split long runs. */
const routeFilter = new RegExp(process.env.FUZZ_ROUTES ?? '.');
const [shard, shards] = (process.env.FUZZ_SHARD ?? '1/1').split('/').map(Number);
const operations = allOperations
  .filter((o) => routeFilter.test(`${o.method} ${o.path}`))
  .filter((_, index) => index % (shards || 1) === (shard || 1) - 1);

// Real data for the generators to find: ids, codes and dates that exist, so handlers go deep.
const cookieName = sessionCookieName(t.app.env);
const customerCookie = await logInDemo(t, 'sajilo', 'customer');
const adminCookie = await logInDemo(t, 'sajilo', 'admin');
const offers = await findOffers(t, { cookie: customerCookie, direct: false });
const customerBooking = await holdBooking(t, customerCookie);
const sacrificialUser = (
  await api(t, {
    method: 'POST',
    url: '/admin/users',
    cookie: adminCookie,
    payload: { firstName: 'Fuzz', lastName: 'Target', email: 'fuzz-target@example.com' },
  })
).json().data;
const partnerApp = (
  await api(t, { method: 'POST', url: '/admin/partner-apps', cookie: adminCookie, payload: { name: 'Fuzz' } })
).json().data;
const realStrings = [
  customerBooking.pnr,
  sacrificialUser.id,
  partnerApp.id,
  partnerApp.clientId,
  ...offers.slice(0, 3).map((offer) => offer.id),
  inDays(3),
  inDays(10),
  inDays(3).slice(0, 7),
  'KTM',
  'PKR',
  'BWA',
  'DEL',
  'esewa',
  'khalti',
  'connectips',
  'customer@sajilo.example',
  'Himalaya-Demo-2081',
  randomUUID(),
];
const validBookingBody = JSON.stringify(bookingBody(offers.slice(0, 1)));

type Identity = 'nobody' | 'customer' | 'agent' | 'admin' | 'operator';
const DEMO_USERS: Record<Exclude<Identity, 'nobody'>, string> = {
  customer: 'customer@sajilo.example',
  agent: 'agent@sajilo.example',
  admin: 'admin@sajilo.example',
  operator: 'operator@tikat.example',
};

const demoUserRows = await t.app.db
  .select({ id: users.id, brandId: users.brandId, email: users.email })
  .from(users)
  .where(inArray(users.email, Object.values(DEMO_USERS)));

/** Fresh sessions before each route (a fuzzed log-out or password change may have ended the last ones). */
async function identityCookies(): Promise<Record<Identity, string>> {
  const cookies: Record<string, string> = { nobody: '' };
  for (const [identity, email] of Object.entries(DEMO_USERS)) {
    const user = demoUserRows.find((row) => row.email === email);
    if (!user) throw new Error(`no demo user ${email}`);
    const { token } = await t.app.sessions.create({ userId: user.id, brandId: user.brandId });
    cookies[identity] = `${cookieName}=${token}`;
  }
  return cookies as Record<Identity, string>;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/JSON',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'image/png',
  'image/svg+xml',
  '*/*',
  ';;;',
];

const HOSTILE_QUERIES = [
  'a[]=1&a[]=2',
  'q[$gt]=',
  '%E0%A4%A',
  '%',
  '%%%',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  `x=${'y'.repeat(5000)}`,
  '&&&=&=',
];

/** Header values as an HTTP client can send them (visible ASCII and spaces). */
const headerSafe = (value: unknown) =>
  String(typeof value === 'string' ? value : JSON.stringify(value))
    .replace(/[^\x20-\x7e]/g, '')
    .slice(0, 4000);

type BodyKind = 'schema' | 'broken' | 'deep' | 'oversize' | 'none' | 'raw';

interface FuzzRequest {
  identity: Identity;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  bodyKind: BodyKind;
}

function requestArbitrary(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const queryParameters = parameters.filter((p) => p.in === 'query');
  const bodySchema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  const strings = { strings: realStrings };

  const pathValues = fc.tuple(
    ...pathParameters.map((p) =>
      fc.oneof(
        { weight: 4, arbitrary: schemaArbitrary(p.schema, strings).map(String) },
        { weight: 3, arbitrary: fc.constantFrom(...realStrings) },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 500)) },
      ),
    ),
  );
  const queryObject: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(queryParameters.map((p) => [p.name, p.schema])),
    required: queryParameters.filter((p) => p.required).map((p) => p.name),
  };
  const query = fc.tuple(
    schemaArbitrary(queryObject, { ...strings, hostileRate: 0.1 }),
    fc.option(fc.constantFrom(...HOSTILE_QUERIES), { nil: undefined, freq: 8 }),
  );
  const body = fc.oneof(
    { weight: 10, arbitrary: bodySchema ? schemaArbitrary(bodySchema, strings) : hostileValue(realStrings) },
    { weight: 2, arbitrary: hostileValue(realStrings) },
  );
  const bodyKind = fc.constantFrom<BodyKind>(
    ...([
      'schema',
      'schema',
      'schema',
      'schema',
      'schema',
      'broken',
      'deep',
      'oversize',
      'none',
      'raw',
    ] as const),
  );
  const headers = fc.record(
    {
      host: fc.constantFrom(
        'localhost',
        'localhost',
        'localhost',
        'globalime.localhost',
        'nobody.example',
        'a'.repeat(300),
      ),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant('application/json') },
        { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
        { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
      ),
      idempotencyKey: fc.oneof(fc.uuid(), fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 120 })),
      cookieJunk: fc.option(
        fc.oneof(
          fc.constantFrom(...HOSTILE_STRINGS).map((value) => `${cookieName}=${value}`),
          fc.string({ maxLength: 60 }),
          fc.constant(`${cookieName}=${'x'.repeat(300)}`),
        ),
        { nil: undefined, freq: 5 },
      ),
      authorization: fc.option(
        fc.oneof(
          fc.string({ maxLength: 60 }).map((token) => `Bearer ${token}`),
          fc.constantFrom('Bearer', 'Basic Zm9vOmJhcg==', `Bearer ${'t'.repeat(250)}`),
        ),
        { nil: undefined, freq: 6 },
      ),
      requestId: fc.option(fc.string({ maxLength: 80 }), { nil: undefined, freq: 4 }),
      crossSite: fc.option(
        fc.constantFrom(
          { origin: 'https://evil.example' },
          { origin: 'null' },
          { origin: '::::' },
          { 'sec-fetch-site': 'cross-site' },
          { 'sec-fetch-site': 'same-origin' },
        ),
        { nil: undefined, freq: 6 },
      ),
      acceptLanguage: fc.option(fc.constantFrom('ne', 'en', '*', 'zz-ZZ;q=abc'), { nil: undefined }),
    },
    { requiredKeys: ['host', 'contentType', 'idempotencyKey'] },
  );
  const identity = fc.constantFrom<Identity>('nobody', 'customer', 'agent', 'admin', 'operator');
  const rawPath = fc.oneof(
    { weight: 12, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  );
  const realBooking = fc.oneof(
    { weight: 20, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  );

  return fc
    .record({
      identity,
      pathValues,
      query,
      body,
      bodyKind,
      headers,
      rawPath,
      realBooking,
      garbage: fc.string(),
    })
    .map((r) => {
      let path = operation.path;
      pathParameters.forEach((p, index) => {
        const value = r.pathValues[index] ?? '';
        path = path.replace(
          `{${p.name}}`,
          r.rawPath && r.bodyKind !== 'oversize'
            ? value.toWellFormed().replace(/[?#\s]/g, '')
            : encodeURIComponent(value.toWellFormed()),
        );
      });
      const search = new URLSearchParams();
      const queryValues = r.query[0] && typeof r.query[0] === 'object' ? r.query[0] : { q: r.query[0] };
      for (const [key, value] of Object.entries(queryValues)) {
        if (Array.isArray(value)) for (const item of value) search.append(key, headerSafe(item));
        else if (value !== undefined)
          search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
      const queryText = [search.toString(), r.query[1]].filter(Boolean).join('&');
      const headers: Record<string, string> = {
        host: r.headers.host,
        'idempotency-key': headerSafe(r.headers.idempotencyKey),
        ...(r.headers.requestId === undefined ? {} : { 'x-request-id': headerSafe(r.headers.requestId) }),
        ...(r.headers.authorization === undefined
          ? {}
          : { authorization: headerSafe(r.headers.authorization) }),
        ...((r.headers.crossSite ?? {}) as Record<string, string>),
        ...(r.headers.acceptLanguage ? { 'accept-language': r.headers.acceptLanguage } : {}),
      };
      const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
      // A cross-site write is refused before its body is read; the size limit is tested without one.
      if (hasBody && r.bodyKind === 'oversize') {
        delete headers.origin;
        delete headers['sec-fetch-site'];
      }
      let payload: string | Buffer | undefined;
      let kind: BodyKind = hasBody ? r.bodyKind : 'none';
      if (hasBody && r.realBooking && operation.path.endsWith('/bookings')) kind = 'raw';
      switch (kind) {
        case 'schema':
          payload = JSON.stringify(r.body) ?? 'null';
          headers['content-type'] = headerSafe(r.headers.contentType);
          break;
        case 'broken': {
          const text = JSON.stringify(r.body) ?? '{';
          payload = text.slice(0, Math.max(1, Math.floor(text.length / 2))) + r.garbage;
          headers['content-type'] = 'application/json';
          break;
        }
        case 'deep':
          payload = deeplyNested(Math.floor(BODY_LIMIT / 8), r.garbage.length % 2 ? 'array' : 'object');
          headers['content-type'] = 'application/json';
          break;
        case 'oversize':
          payload = JSON.stringify({ filler: 'x'.repeat(Math.max(BODY_LIMIT, UPLOAD_MAX_BYTES * 4) + 1) });
          headers['content-type'] = r.garbage.length % 2 ? 'application/json' : 'text/plain';
          break;
        case 'raw':
          payload = r.realBooking ? validBookingBody : r.garbage;
          headers['content-type'] = r.realBooking ? 'application/json' : headerSafe(r.headers.contentType);
          break;
        case 'none':
          break;
      }
      return {
        identity: r.identity,
        method: operation.method,
        url: `${path}${queryText ? `?${queryText}` : ''}`,
        headers: { ...headers, ...(r.headers.cookieJunk ? { 'x-cookie-junk': r.headers.cookieJunk } : {}) },
        ...(payload === undefined ? {} : { payload }),
        bodyKind: kind,
      };
    });
}

function withTimeout<T>(promise: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${label}`)),
      REQUEST_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What is wrong with an answer, or undefined when it keeps every promise. */
function problemWith(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (request.bodyKind === 'oversize' && response.statusCode !== 413) {
    // An address the router refuses (a path parameter over its 200 characters: 414) is refused
    // before the body is read, as is an upload by someone who may not upload.
    const refusedBeforeReading =
      response.statusCode === 414 ||
      (request.url.startsWith(`${API}/admin/uploads`) && [401, 403].includes(response.statusCode));
    if (!refusedBeforeReading) return `oversize body answered ${response.statusCode}, not 413`;
  }
  if (!request.url.startsWith(API)) return undefined;
  const type = String(response.headers['content-type'] ?? '');
  const isJson = type.startsWith('application/json');
  if (!isJson) {
    const address = new URL(request.url, 'http://x');
    const format = address.searchParams.get('format');
    const allowed =
      response.statusCode < 400 &&
      (type.startsWith('application/pdf') ||
        // The console's exports (ledger, reports) are CSV files, not the envelope, when they succeed.
        (type.startsWith('text/csv') && address.pathname.endsWith('.csv')) ||
        // The sales register (docs/finance.md#the-vat-sales-register): CSV unless `format` asks for XLSX or
        // JSON.
        (address.pathname.endsWith('/admin/reports/sales-register') &&
          ((type.startsWith('text/csv') && (format === null || format === 'csv')) ||
            (type.startsWith('application/vnd.openxmlformats') && format === 'xlsx'))) ||
        (response.statusCode >= 300 && response.statusCode < 400));
    return allowed
      ? undefined
      : `answered ${response.statusCode} ${type || 'without a type'}, not the JSON envelope`;
  }
  let body: { success?: unknown; data?: { code?: unknown; error?: unknown } };
  try {
    body = response.json();
  } catch {
    return 'answered JSON that does not parse';
  }
  if (typeof body.success !== 'boolean' || !('data' in body)) return 'answered outside the envelope';
  if (body.success === false && (typeof body.data?.code !== 'string' || typeof body.data?.error !== 'string'))
    return 'failure without data.code and data.error';
  if (body.success !== response.statusCode < 400)
    return `success ${body.success} with status ${response.statusCode}`;
  return undefined;
}

const totals = { requests: 0, failures: 0, routes: 0, started: Date.now() };
afterAll(() => {
  const seconds = ((Date.now() - totals.started) / 1000).toFixed(0);
  console.info(
    `API fuzz: ${totals.requests} requests over ${totals.routes} routes (${REQUESTS_PER_ROUTE} each, seed ${SEED}), ` +
      `${totals.failures} broken promises, ${seconds} s`,
  );
});

describe(`the API fuzzer (${REQUESTS_PER_ROUTE} requests per route, seed ${SEED})`, () => {
  it('covers every route of the OpenAPI description', () => {
    expect(allOperations.length).toBeGreaterThanOrEqual(40);
    const described = new Set(allOperations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`));
    for (const route of t.app.routePolicies)
      expect(described, route.url).toContain(`${route.method} ${route.url}`);
  });

  for (const operation of operations) {
    it(
      `${operation.method} ${operation.path}`,
      async () => {
        const routeStarted = Date.now();
        const cookies = await identityCookies();
        const problems: string[] = [];
        let routeFailures = 0;
        totals.routes++;
        await fc.assert(
          fc.asyncProperty(requestArbitrary(operation), async (request) => {
            const { 'x-cookie-junk': junk, ...headers } = request.headers;
            const cookie = [cookies[request.identity], junk].filter(Boolean).join('; ');
            const label = `${request.method} ${request.url.slice(0, 200)} as ${request.identity} (${request.bodyKind})`;
            const errorsBefore = loggedErrors.length;
            const response = await withTimeout(
              t.app.inject({
                method: request.method as 'GET',
                url: request.url,
                headers: { ...headers, ...(cookie ? { cookie } : {}) },
                ...(request.payload === undefined ? {} : { payload: request.payload }),
              }),
              label,
            );
            totals.requests++;
            const problem = problemWith(request, response);
            if (problem) {
              totals.failures++;
              routeFailures++;
              if (problems.length < 5) {
                const cause = loggedErrors.slice(errorsBefore).join('').slice(0, 1500);
                problems.push(
                  `${label}: ${problem}\n  headers ${JSON.stringify(headers)}\n  body ${String(request.payload ?? '').slice(0, 300)}\n  answer ${response.body.slice(0, 300)}\n  log ${cause}`,
                );
              }
            }
          }),
          { numRuns: REQUESTS_PER_ROUTE, seed: SEED, endOnFailure: true },
        );
        if (REQUESTS_PER_ROUTE >= 1000)
          console.info(
            `fuzzed ${operation.method} ${operation.path}: ${REQUESTS_PER_ROUTE} requests, ${routeFailures} broken promises, ${((Date.now() - routeStarted) / 1000).toFixed(0)} s`,
          );
        expect(problems).toEqual([]);
      },
      Math.max(120_000, REQUESTS_PER_ROUTE * 200),
    );
  }
});
