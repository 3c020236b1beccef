import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screenshots`: the pages docs/web.md shows, at a phone's 390 px and a laptop's 1366 px,
 * written to docs/screenshots/ from the built server on fresh demo data (not part of the tests).
 */
export default defineConfig({
  ...base,
  testDir: './screenshots',
  testMatch: '**/*.shot.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  projects: [
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    { name: 'laptop', use: { viewport: { width: 1366, height: 800 } } },
  ],
});
