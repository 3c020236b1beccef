import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { createTestApp, type TestApp } from '../../test/test-app';

const SEARCHES_PER_MINUTE = 3;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ SEARCH_RATE_LIMIT_PER_MINUTE: String(SEARCHES_PER_MINUTE) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { success: boolean; data: { error?: string; code?: string; legs?: unknown[] } };
}

/** One search over a real socket, sent from a given loopback address (all of 127/8 is local). */
function search(from: string): Promise<Answer> {
  const body = JSON.stringify({
    depart_code: 'KTM',
    dest_code: 'PKR',
    depart_date: dateOf(todayInNepal() + 3),
    nationality_code: 'NP',
  });
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/b2b/v2/flights/search',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, retryAfter, body: JSON.parse(text) });
        });
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

describe('the search rate limit per address', () => {
  it('answers 429 RATE_LIMITED with Retry-After once an address searches too often, and only that address', async () => {
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) {
      const answer = await search('127.0.0.2');
      expect(answer.status).toBe(200);
      expect(answer.body.data.legs).toHaveLength(1);
    }
    const refused = await search('127.0.0.2');
    expect(refused.status).toBe(429);
    expect(refused.body.success).toBe(false);
    expect(refused.body.data.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.retryAfter);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.data.error).toBe(
      `Too many searches from your network. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    );

    // Another address searches on; the limited one stays refused for the rest of the minute.
    expect((await search('127.0.0.3')).status).toBe(200);
    expect((await search('127.0.0.2')).status).toBe(429);
  });

  it('counts searches only: the same address still gets other answers', async () => {
    for (let i = 0; i <= SEARCHES_PER_MINUTE; i++) await search('127.0.0.4');
    expect((await search('127.0.0.4')).status).toBe(429);
    const calendar = await new Promise<number>((resolve, reject) => {
      const month = dateOf(todayInNepal() + 3).slice(0, 7);
      httpRequest(
        {
          host: '127.0.0.1',
          port,
          localAddress: '127.0.0.4',
          path: `/api/b2b/v2/flights/calendar?depart_code=KTM&dest_code=PKR&month=${month}`,
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(calendar).toBe(200);
  });
});
