import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function search(query: string, host = 'localhost') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/b2b/v2/airports${query}`,
    headers: { host },
  });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /api/b2b/v2/airports', () => {
  it('puts Pokhara first for q=pok', async () => {
    const { status, body } = await search('?q=pok');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data[0]).toMatchObject({
      code: 'PKR',
      city: 'Pokhara',
      country: 'Nepal',
      time_zone: 'Asia/Kathmandu',
    });
    expect(body.data.map((a: { code: string }) => a.code)).toContain('PHH');
  });

  it('puts Kathmandu first for q=KTM, whatever the case', async () => {
    for (const q of ['KTM', 'ktm', ' Ktm ']) {
      const { body } = await search(`?q=${encodeURIComponent(q)}`);
      expect(body.data[0]).toMatchObject({ code: 'KTM', city: 'Kathmandu', icao: 'VNKT' });
    }
  });

  it("ranks the brand's own airports above other city matches", async () => {
    const { body } = await search('?q=lon');
    expect(body.data[0].code).toBe('LHR');
  });

  it('answers an exact code before a city whose name starts the same way', async () => {
    const { body } = await search('?q=del');
    expect(body.data[0].code).toBe('DEL');
  });

  it('finds an airport by a word of its name', async () => {
    const { body } = await search('?q=tribhuvan');
    expect(body.data[0].code).toBe('KTM');
  });

  it('lists the brand airports, custom ones first, for an empty query', async () => {
    const { body } = await search('');
    expect(body.data.slice(0, 5).map((a: { code: string }) => a.code)).toEqual([
      'KUL',
      'KTM',
      'DEL',
      'KWI',
      'CTU',
    ]);
    expect(body.data.map((a: { code: string }) => a.code)).toEqual(
      expect.arrayContaining(['PKR', 'DOH', 'DXB', 'LHR', 'DFW', 'SYD', 'LIS', 'BKK']),
    );
  });

  it('answers at most 20 airports, and fewer when asked', async () => {
    expect((await search('?q=a')).body.data).toHaveLength(20);
    expect((await search('?q=a&limit=3')).body.data).toHaveLength(3);
  });

  it('treats LIKE wildcards in the query as plain text', async () => {
    const { status, body } = await search(`?q=${encodeURIComponent('%_')}`);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  it('rejects bad query parameters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?limit=abc', 'limit'],
      ['?limit=0', 'limit'],
      ['?limit=21', 'limit'],
      ['?limit=2.5', 'limit'],
      [`?q=${'x'.repeat(65)}`, 'q'],
    ] as const) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body.success).toBe(false);
      expect(body.data.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.data.fields)).toEqual([field]);
      expect(body.data.error).toMatch(field);
    }
  });
});
