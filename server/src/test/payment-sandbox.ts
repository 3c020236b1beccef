import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { PaymentAction as ContractPaymentAction } from '#shared/bookings';
import { createGateways, type PaymentGateways, withGatewayHost } from '../payments/config';
import type { PaymentAction } from '../payments/gateway';
import { payBooking } from './bookings';
import { createTestApp, type TestApp } from './test-app';

export interface SandboxTestApp extends TestApp {
  /** http://127.0.0.1:port of the listening app. */
  origin: string;
  /** Gateway clients that talk to the app's sandboxes over a real socket. */
  gateways: PaymentGateways;
}

/**
 * The whole server listening on a free port, and gateway clients pointed at its sandboxes.
 * With `publicUrl`, PUBLIC_URL is the listening origin, so the app's own gateway clients and
 * return addresses reach it too (as in a deployment).
 */
export async function createSandboxTestApp(
  envOverrides: Record<string, string> = {},
  options: { publicUrl?: boolean; logger?: FastifyServerOptions['logger'] } = {},
): Promise<SandboxTestApp> {
  const port = options.publicUrl ? await freePort() : 0;
  const t = await createTestApp(
    options.publicUrl ? { PUBLIC_URL: `http://127.0.0.1:${port}`, ...envOverrides } : envOverrides,
    { logger: options.logger },
  );
  await t.app.listen({ port, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { ...t, origin, gateways: createGateways(withGatewayHost(t.app.payments.config, origin)) };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Plays the payer's browser: follows the hand-off, presses Pay or Cancel, and stops at the return URL. */
export async function payInSandbox(action: PaymentAction, decision: 'pay' | 'cancel'): Promise<URL> {
  let checkoutUrl = new URL(action.url);
  if (action.kind === 'form') {
    const handOff = await fetch(action.url, {
      method: 'POST',
      body: new URLSearchParams(action.fields),
      redirect: 'manual',
    });
    const location = handOff.headers.get('location');
    if (handOff.status !== 303 || !location) {
      throw new Error(`the gateway refused the hand-off: ${handOff.status} ${await handOff.text()}`);
    }
    checkoutUrl = new URL(location, action.url);
  }
  const page = await fetch(checkoutUrl);
  const html = await page.text();
  const formAction = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (page.status !== 200 || !formAction) throw new Error(`no checkout form: ${page.status} ${html}`);
  const decided = await fetch(new URL(formAction.replaceAll('&amp;', '&'), checkoutUrl), {
    method: 'POST',
    body: new URLSearchParams({ decision, payer: '9806800001' }),
    redirect: 'manual',
  });
  const location = decided.headers.get('location');
  if (decided.status !== 303 || !location)
    throw new Error(`no return: ${decided.status} ${await decided.text()}`);
  return new URL(location);
}

export const queryOf = (url: URL) => Object.fromEntries(url.searchParams);

/** The API's payment action (what the booking page gets) as the gateway layer's, for `payInSandbox`. */
export function gatewayAction(action: ContractPaymentAction): PaymentAction {
  if (action.type === 'form') return { kind: 'form', method: 'POST', url: action.url, fields: action.fields };
  if (action.type === 'redirect') return { kind: 'redirect', url: action.url };
  throw new Error('already paid');
}

/** Follows a gateway's return into the app as the browser would: it must redirect (303); answers where to. */
export async function followReturn(app: FastifyInstance, url: URL): Promise<URL> {
  const response = await app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { host: 'localhost' },
  });
  if (response.statusCode !== 303)
    throw new Error(`the return answered ${response.statusCode}: ${response.body}`);
  return new URL(response.headers.location as string, 'http://localhost');
}

export interface FakeGateway {
  origin: string;
  close(): Promise<void>;
}

/**
 * A local server standing in for a misbehaving gateway: `silent` accepts the connection and never
 * answers, `garbage` answers 200 with HTML, `error` answers 500 with JSON.
 */
export async function startFakeGateway(mode: 'silent' | 'garbage' | 'error'): Promise<FakeGateway> {
  const server = createServer((_request, response) => {
    if (mode === 'garbage') response.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops');
    if (mode === 'error')
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"x"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** How the gateway's status look-up misbehaves (everything else passes through untouched). */
export type LookupFault =
  | 'none'
  /** Accepts the connection and never answers (the client's deadline must fire). */
  | 'timeout'
  /** 200 with an HTML page. */
  | 'garbage'
  /** 200 with JSON cut off halfway. */
  | 'truncated'
  /** 503 from a load balancer in front of the gateway. */
  | 'unavailable'
  /** The sandbox's real answer with `total_amount` raised by one rupee. */
  | 'wrong-amount';

export interface FaultyGateway {
  /** Base to configure instead of the app's sandbox origin (`${origin}/sandbox/esewa` …). */
  origin: string;
  /** Where requests are forwarded: the app's own origin, set once the app listens. */
  backend: string;
  fault: LookupFault;
  /** Status look-ups seen (whatever the fault). */
  lookups: number;
  close(): Promise<void>;
}

const LOOKUP_PATHS = [
  '/api/epay/transaction/status/',
  '/api/v2/epayment/lookup/',
  '/connectipswebws/api/creditor/validatetxn',
];

/**
 * A hop in front of the built-in sandboxes that breaks their status look-ups on demand, so the
 * app's real gateway clients meet a gateway that times out, answers garbage or lies about the
 * amount, and later a gateway that answers properly again.
 */
export async function startFaultyGateway(): Promise<FaultyGateway> {
  const gateway: FaultyGateway = {
    origin: '',
    backend: '',
    fault: 'none',
    lookups: 0,
    close: async () => {},
  };
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const isLookup = LOOKUP_PATHS.some((p) => (incoming.url ?? '').split('?')[0]?.endsWith(p));
      if (isLookup) gateway.lookups++;
      const fault = isLookup ? gateway.fault : 'none';
      if (fault === 'timeout') return;
      if (fault === 'garbage')
        return outgoing
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html><body>Service busy</body></html>');
      if (fault === 'unavailable')
        return outgoing.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      const headers = Object.fromEntries(
        Object.entries(incoming.headers).filter(([name]) => !['host', 'content-length'].includes(name)),
      ) as Record<string, string>;
      const answer = await fetch(`${gateway.backend}${incoming.url}`, {
        method: incoming.method ?? 'GET',
        headers,
        redirect: 'manual',
        ...(incoming.method === 'GET' || incoming.method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
      });
      let body = await answer.text();
      if (fault === 'truncated') body = body.slice(0, Math.floor(body.length / 2));
      if (fault === 'wrong-amount') {
        const json = JSON.parse(body) as { total_amount?: number | string };
        json.total_amount = Number(json.total_amount) + 100;
        body = JSON.stringify(json);
      }
      const passed: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
          passed[name] = value;
      });
      outgoing.writeHead(answer.status, passed).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return gateway;
}

/**
 * Pays a held booking at a gateway's sandbox (the payment started through the API, the sandbox's
 * pay button pressed); answers the gateway's return, not yet followed.
 */
export async function paidAtGateway(
  t: TestApp,
  cookie: string,
  pnr: string,
  method: 'esewa' | 'khalti' | 'connectips',
): Promise<URL> {
  const started = await payBooking(t, cookie, pnr, method);
  if (started.statusCode !== 200) throw new Error(`payment not started: ${started.body}`);
  return payInSandbox(gatewayAction(started.json().data as ContractPaymentAction), 'pay');
}
