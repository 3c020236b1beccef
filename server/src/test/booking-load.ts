import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FlightOffer } from '#shared/flights';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { postWalletEntry } from '../domain/wallet/post-wallet-entry';
import { type SeatRow, type SeatRowKey, seatRows } from './booking-consistency';
import { bearerOverHttp, bookingBody, inDays, setSeatsLeft } from './bookings';

/** What a client saw: `search 200`, `hold SOLD_OUT`, `pay 503 SERVICE_UNAVAILABLE`, `hold network`… */
export type Outcome = string;

export interface BookingLoadOptions {
  /** Where the clients send requests (a proxy in front of the instances, or one instance). */
  origin: string;
  /** A signed-in agent's bearer token (wallet payments). */
  token: string;
  /** Booking request bodies to choose from (the scarce flights). */
  bookingBodies: string[];
  searchBodies: string[];
  clients: number;
  durationMs: number;
  /** Share of successful holds each client pays by wallet right away (0–1). */
  payShare: number;
  /** A request not answered within this time counts as a hang. */
  requestTimeoutMs?: number;
  /** Answers a client may get besides 2xx and SOLD_OUT (e.g. 503 while the database is down). */
  retryOn503?: boolean;
}

export interface BookingLoadResult {
  requests: number;
  outcomes: Record<Outcome, number>;
  /** PNR → paid by wallet (true) or only held (false): every one the server confirmed with 200. */
  confirmed: Map<string, boolean>;
  /** Answers that are not in the API's envelope, 5xx other than an allowed 503, hangs, resets. */
  unexpected: string[];
  /** Per second since the start: requests answered 2xx and 503. */
  timeline: { second: number; ok: number; unavailable: number; other: number }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Clients that each loop: search, hold one of the scarce flights (a fresh Idempotency-Key;
 * after a 503 the same key is retried, as a client should), and pay some holds by wallet.
 */
export async function runBookingLoad(options: BookingLoadOptions): Promise<BookingLoadResult> {
  const result: BookingLoadResult = {
    requests: 0,
    outcomes: {},
    confirmed: new Map(),
    unexpected: [],
    timeline: [],
  };
  const started = Date.now();
  const deadline = started + options.durationMs;
  const timeoutMs = options.requestTimeoutMs ?? 15_000;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${options.token}` };

  const call = async (
    kind: string,
    path: string,
    body: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; code?: string; data?: Record<string, unknown> }> => {
    result.requests++;
    let status = 0;
    let code: string | undefined;
    let data: Record<string, unknown> | undefined;
    try {
      const response = await fetch(`${options.origin}${path}`, {
        method: 'POST',
        headers: { ...headers, ...extraHeaders },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      const text = await response.text();
      try {
        const json = JSON.parse(text) as { success?: boolean; data?: Record<string, unknown> };
        data = json.data;
        code = typeof json.data?.code === 'string' ? json.data.code : undefined;
        if (typeof json.success !== 'boolean') throw new Error('no envelope');
      } catch {
        result.unexpected.push(`${kind} ${status}: not the API envelope: ${text.slice(0, 120)}`);
      }
    } catch (error) {
      const name = (error as Error).name === 'TimeoutError' ? 'hang' : 'network';
      result.unexpected.push(`${kind}: ${name} ${(error as Error).message}`);
      code = name;
    }
    const outcome = `${kind} ${status || ''}${code ? ` ${code}` : ''}`.replace(/\s+/g, ' ');
    result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1;
    const second = Math.floor((Date.now() - started) / 1000);
    for (let s = result.timeline.length; s <= second; s++)
      result.timeline.push({ second: s, ok: 0, unavailable: 0, other: 0 });
    const slot = result.timeline[second] as BookingLoadResult['timeline'][number];
    if (status >= 200 && status < 300) slot.ok++;
    else if (status === 503 && code === 'SERVICE_UNAVAILABLE') slot.unavailable++;
    else slot.other++;
    if (status >= 500 && !(status === 503 && code === 'SERVICE_UNAVAILABLE' && options.retryOn503))
      result.unexpected.push(`${kind} ${status} ${code ?? ''}`);
    return { status, ...(code ? { code } : {}), ...(data ? { data } : {}) };
  };

  /** Retries after 503 (database down) until the deadline; answers the last answer. */
  const withRetry = async (work: () => ReturnType<typeof call>) => {
    let answer = await work();
    while (options.retryOn503 && answer.status === 503 && Date.now() < deadline + 10_000) {
      await sleep(200);
      answer = await work();
    }
    return answer;
  };

  let turn = 0;
  const client = async () => {
    while (Date.now() < deadline) {
      const i = turn++;
      await call(
        'search',
        '/api/b2b/v2/flights/search',
        options.searchBodies[i % options.searchBodies.length] ?? '',
      );
      const body = options.bookingBodies[i % options.bookingBodies.length] ?? '';
      const key = randomUUID();
      const hold = await withRetry(() =>
        call('hold', '/api/b2b/v2/bookings', body, { 'idempotency-key': key }),
      );
      const pnr = hold.status === 200 ? String(hold.data?.pnr ?? '') : '';
      if (!pnr) continue;
      result.confirmed.set(pnr, false);
      if (Math.random() >= options.payShare) continue;
      const paid = await withRetry(() =>
        call('pay', `/api/b2b/v2/bookings/${pnr}/payments`, JSON.stringify({ method: 'wallet' })),
      );
      // After a 503 the first try may have committed (the answer was lost): the retry then hears
      // PAYMENT_ALREADY_PAID, which confirms the payment as well.
      if (paid.status === 200 || paid.code === 'PAYMENT_ALREADY_PAID') result.confirmed.set(pnr, true);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  return result;
}

export interface ScarceFlights {
  bookingBodies: string[];
  searchBodies: string[];
  /** Seats put on sale in total across the scarce flights. */
  seatsOnSale: number;
}

/**
 * Picks `flights` direct offers (KTM→PKR and KTM→BWA over the coming days, as the given origin
 * shows them to the signed-in agent), leaves `seatsLeft` seats on each, and answers booking
 * bodies for them plus search bodies for the search load.
 */
export async function prepareScarceFlights(
  db: Db,
  options: { origin: string; token: string; flights: number; seatsLeft: number },
): Promise<ScarceFlights> {
  const searchBodies: string[] = [];
  const offers: FlightOffer[] = [];
  const routes = [
    ['KTM', 'PKR'],
    ['KTM', 'BWA'],
    ['PKR', 'KTM'],
    ['KTM', 'BIR'],
  ] as const;
  for (let day = 10; offers.length < options.flights && day < 40; day++) {
    for (const [from, to] of routes) {
      const body = JSON.stringify({ depart_code: from, dest_code: to, depart_date: inDays(day) });
      searchBodies.push(body);
      const response = await fetch(`${options.origin}/api/b2b/v2/flights/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
        body,
      });
      const json = (await response.json()) as { data: { legs: { offers: FlightOffer[] }[] } };
      const direct = (json.data.legs[0]?.offers ?? []).filter((o) => o.stops === 0);
      const offer = direct[0];
      if (offer && offers.length < options.flights) offers.push(offer);
    }
  }
  if (offers.length < options.flights) throw new Error(`only ${offers.length} direct offers found`);
  for (const offer of offers) {
    const segment = offer.segments[0];
    if (segment)
      await setSeatsLeft(db, segment, { left: options.seatsLeft, capacity: options.seatsLeft + 20 });
  }
  return {
    bookingBodies: offers.map((o) => JSON.stringify(bookingBody([o]))),
    searchBodies,
    seatsOnSale: offers.length * options.seatsLeft,
  };
}

/** Tops an agent's wallet up (through the ledger) so a load never runs out of money. */
/** What a booking load starts from: the agent's token, the flights to race for, the seat rows before. */
export interface PreparedBookingLoad {
  token: string;
  scarce: ScarceFlights;
  soldBefore: Map<SeatRowKey, SeatRow>;
}

/**
 * Signs the demo agent in at `origin`, fills its wallet (every client pays from it), puts a few
 * seats on sale on some flights, and records the seat rows to check the books against afterwards.
 */
export async function prepareBookingLoad(
  db: Db,
  options: { origin: string; flights: number; seatsLeft: number },
): Promise<PreparedBookingLoad> {
  const token = await bearerOverHttp(options.origin);
  await topUpWallet(db, 'agent@sajilo.example', 1_000_000_000);
  const scarce = await prepareScarceFlights(db, { ...options, token });
  return { token, scarce, soldBefore: await seatRows(db) };
}

export async function topUpWallet(db: Db, email: string, amount: number): Promise<void> {
  const [user] = await db
    .select({ id: users.id, currency: users.walletCurrency })
    .from(users)
    .where(sql`${users.email} = ${email}`);
  if (!user) throw new Error(`no user ${email}`);
  await db.transaction((tx) =>
    postWalletEntry(tx, {
      userId: user.id,
      kind: 'top_up',
      amount,
      currency: user.currency ?? 'NPR',
      note: 'load test',
    }),
  );
}

/** The outcomes, one per line, most frequent first. */
export function formatOutcomes(outcomes: Record<Outcome, number>): string {
  return Object.entries(outcomes)
    .sort((a, b) => b[1] - a[1])
    .map(([outcome, count]) => `  ${outcome.padEnd(40)} ${count}`)
    .join('\n');
}
