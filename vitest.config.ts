import { defineConfig } from 'vitest/config';
import { POSTGRES_TEST_FILES } from './server/src/test/postgres-tests.ts';

/**
 * `npm test` runs every file. CI's PostgreSQL step (TIKAT_TESTS=postgres) runs only the files whose
 * tests depend on the engine or its driver, listed with their reasons in server/src/test/postgres-tests.ts.
 */
const ALL_TESTS = [
  'server/**/*.test.ts',
  'shared/**/*.test.ts',
  'web/src/**/*.test.ts',
  'scripts/**/*.test.ts',
];

export default defineConfig({
  test: {
    include: process.env.TIKAT_TESTS === 'postgres' ? POSTGRES_TEST_FILES : ALL_TESTS,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['server/src/test/global-setup.ts'],
  },
});
