import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Sparrow SMS's push API (v2), for development and tests: a real HTTP server
 * answering `GET` or `POST /v2/sms/` with the fields `token`, `from`, `to`, `text` (form-encoded,
 * JSON or the query string) the way Sparrow's documentation describes: 200 `{ count,
 * response_code: 200, response }` and 403 `{ response_code, response }` with its error codes.
 * What it accepts lands in `inbox`; its faults make it slow, failing or refusing.
 */

/** Sparrow's documented refusals (docs/sms.md cites the page). */
export const SPARROW_ERRORS = {
  1000: 'A required field is missing',
  1001: 'Invalid IP Address',
  1002: 'Invalid Token',
  1003: 'Account Inactive',
  1004: 'Account Inactive',
  1005: 'Account has been expired',
  1006: 'Account has been expired',
  1007: 'Invalid Receiver',
  1008: 'Invalid Sender',
  1010: 'Text cannot be empty',
  1011: 'No valid receiver',
  1012: 'No Credits Available',
  1013: 'Insufficient Credits',
} as const;
export type SparrowErrorCode = keyof typeof SPARROW_ERRORS;

export interface SparrowSandboxFaults {
  /** Every answer waits this many milliseconds. */
  delayMs: number;
  /** Every request is refused with this documented code (e.g. 1013, no credits). */
  refuseWith: SparrowErrorCode | null;
  /** Every request is answered with this HTTP status and no JSON (e.g. 503). */
  failStatus: number | null;
}

export const NO_SMS_FAULTS: SparrowSandboxFaults = { delayMs: 0, refuseWith: null, failStatus: null };

/** One message the stand-in accepted, as a phone would show it. */
export interface SandboxSms {
  from: string;
  /** The 10-digit number it was sent to. */
  to: string;
  text: string;
  at: Date;
}

export interface SparrowSandbox {
  /** The push endpoint, `http://127.0.0.1:<port>/v2/sms/`: SMS_API_URL. */
  url: string;
  token: string;
  from: string;
  inbox: SandboxSms[];
  faults: SparrowSandboxFaults;
  /** Every request, accepted or not (for tests to read what Tikat sent). */
  requests: Record<string, string>[];
  close(): Promise<void>;
}

export interface SparrowSandboxOptions {
  port?: number;
  /** The token it accepts (default `sandbox-token`). */
  token?: string;
  /** The sender identity it accepts (default `TikatAlert`). */
  from?: string;
}

/** Nepal's 10-digit mobile numbers (NTC 984–986, 974–976; Ncell 980–982, 970…; Smart 961, 962, 988). */
const NEPALI_MOBILE = /^9[678]\d{8}$/;

export async function startSparrowSandbox(options: SparrowSandboxOptions = {}): Promise<SparrowSandbox> {
  const sandbox: Omit<SparrowSandbox, 'url' | 'close'> = {
    token: options.token ?? 'sandbox-token',
    from: options.from ?? 'TikatAlert',
    inbox: [],
    faults: { ...NO_SMS_FAULTS },
    requests: [],
  };
  const server: Server = createServer((request, response) => {
    void handle(sandbox, request, response).catch(() => {
      if (!response.headersSent) reply(response, 500, { response_code: 500, response: 'Internal error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // One object: tests change `faults` and read `inbox` on the value returned.
  return Object.assign(sandbox, {
    url: `http://127.0.0.1:${port}/v2/sms/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

async function handle(
  sandbox: Omit<SparrowSandbox, 'url' | 'close'>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://sandbox');
  if (!/^\/v2\/sms\/?$/.test(url.pathname)) {
    reply(response, 404, { response_code: 404, response: 'Not found' });
    return;
  }
  if (request.method !== 'GET' && request.method !== 'POST') {
    reply(response, 405, { response_code: 405, response: 'Method not allowed' });
    return;
  }
  const fields = await fieldsOf(request, url);
  sandbox.requests.push(fields);
  const { faults } = sandbox;
  if (faults.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
  if (response.destroyed) return;
  if (faults.failStatus !== null) {
    response
      .writeHead(faults.failStatus, { 'content-type': 'text/html' })
      .end('<h1>Service Unavailable</h1>');
    return;
  }
  const refuse = (code: SparrowErrorCode) =>
    reply(response, 403, { response_code: code, response: SPARROW_ERRORS[code] });
  if (faults.refuseWith !== null) return refuse(faults.refuseWith);
  const { token, from, to, text } = fields;
  if (token === undefined || from === undefined || to === undefined || text === undefined)
    return refuse(1000);
  if (token !== sandbox.token) return refuse(1002);
  if (from !== sandbox.from) return refuse(1008);
  if (text.trim() === '') return refuse(1010);
  const receivers = to
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const valid = receivers.filter((n) => NEPALI_MOBILE.test(n));
  if (valid.length === 0) return refuse(receivers.length === 1 ? 1007 : 1011);
  const at = new Date();
  for (const number of valid) sandbox.inbox.push({ from, to: number, text, at });
  reply(response, 200, {
    count: valid.length,
    response_code: 200,
    response: `${valid.length} mesages has been queued for delivery`,
  });
}

async function fieldsOf(request: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const fields: Record<string, string> = Object.fromEntries(url.searchParams);
  if (request.method !== 'POST') return fields;
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    const parsed = JSON.parse(body || '{}') as Record<string, unknown>;
    for (const [key, value] of Object.entries(parsed)) if (value != null) fields[key] = String(value);
  } else {
    for (const [key, value] of new URLSearchParams(body)) fields[key] = value;
  }
  return fields;
}

function reply(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
