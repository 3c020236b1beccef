import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { POSTGRES_TEST_FILES } from './postgres-tests';

const root = path.resolve(import.meta.dirname, '../../..');
/** What a test file reads when it runs some of its tests only on PostgreSQL or with Redis. */
const ENGINE_CONDITION = /\b(TEST_DATABASE_URL|REDIS_URL)\b/;
const THIS_FILE = 'server/src/test/postgres-tests.test.ts';

it('lists files that exist, once each', () => {
  expect(POSTGRES_TEST_FILES.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  expect(new Set(POSTGRES_TEST_FILES).size).toBe(POSTGRES_TEST_FILES.length);
});

it('lists every test file that reads TEST_DATABASE_URL or REDIS_URL, so none of its tests runs zero times', () => {
  const conditional = globSync('{server,shared,scripts,web/src}/**/*.test.ts', { cwd: root }).filter(
    (file) => file !== THIS_FILE && ENGINE_CONDITION.test(readFileSync(path.join(root, file), 'utf8')),
  );
  expect(conditional.length).toBeGreaterThan(0);
  expect(conditional.filter((file) => !POSTGRES_TEST_FILES.includes(file))).toEqual([]);
});
