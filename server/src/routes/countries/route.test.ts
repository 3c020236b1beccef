import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('lists every country with nationality and dialling code', async () => {
  const response = await t.app.inject({ url: '/api/b2b/v2/countries' });
  expect(response.statusCode).toBe(200);
  const countries = response.json().data as {
    code: string;
    name: string;
    nationality: string;
    dial_code: string;
  }[];
  expect(countries.length).toBeGreaterThan(240);
  expect(countries.find((c) => c.code === 'NP')).toEqual({
    code: 'NP',
    name: 'Nepal',
    nationality: 'Nepalese',
    dial_code: '+977',
  });
  expect(countries.find((c) => c.code === 'IN')).toMatchObject({ nationality: 'Indian', dial_code: '+91' });
  const names = countries.map((c) => c.name);
  expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
});
