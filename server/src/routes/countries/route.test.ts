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
    name_ne: string | null;
    nationality: string;
    dial_code: string;
  }[];
  expect(countries.length).toBeGreaterThan(240);
  expect(countries.find((c) => c.code === 'NP')).toEqual({
    code: 'NP',
    name: 'Nepal',
    name_ne: 'नेपाल',
    nationality: 'Nepalese',
    dial_code: '+977',
  });
  expect(countries.find((c) => c.code === 'IN')).toMatchObject({
    name_ne: 'भारत',
    nationality: 'Indian',
    dial_code: '+91',
  });
  const names = countries.map((c) => c.name);
  expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
});

it('names (nearly) every country in Nepali, in Devanagari', async () => {
  const countries = (await t.app.inject({ url: '/api/b2b/v2/countries' })).json().data as {
    code: string;
    name_ne: string | null;
  }[];
  const named = countries.filter((c) => c.name_ne !== null);
  expect(named.length).toBeGreaterThan(countries.length * 0.95);
  for (const c of named) expect(c.name_ne).toMatch(/^[\u0900-\u097F\s\p{P}\u200C\u200D]+$/u);
});
