import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * The server sends e-mail to this port, where the staff spec listens with a test SMTP server to
 * read the invitation link as the invitee would (the outbox only shows it masked). Without a
 * listener an e-mail waits in the outbox and is retried, as with any mail server away.
 */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 20_000);
/** The console's specs change the demo agency (brand, wallets, markups, bookings): they run last. */
const ADMIN_SPEC = [
  '**/admin.spec.ts',
  '**/admin-money.spec.ts',
  '**/admin-bookings.spec.ts',
  '**/disruption.spec.ts',
  '**/admin-finance.spec.ts',
  '**/admin-credit.spec.ts',
  '**/admin-staff.spec.ts',
];
/** Refunds in admin-bookings credit the wallet whose balance admin-money checks: never at once. */
const ADMIN_MONEY_SPEC = '**/admin-money.spec.ts';

/** Browser tests drive Debian's Chromium (no browser download) against the real server. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // The 2-core CI machine runs two browsers beside the server: axe and PDF steps need the headroom.
  timeout: process.env.CI ? 60_000 : 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    // page.route() does not see what a service worker answers, and many specs stand in for an
    // answer with it: the worker runs only where a spec allows it (offline-tickets.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: ADMIN_SPEC,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'mobile',
      testIgnore: ADMIN_SPEC,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    // The console rebrands the demo agency on the shared server: it runs after the public-site specs.
    {
      name: 'admin',
      testMatch: ADMIN_SPEC,
      testIgnore: ADMIN_MONEY_SPEC,
      dependencies: ['desktop', 'mobile'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'admin-money',
      testMatch: ADMIN_MONEY_SPEC,
      dependencies: ['admin'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    // The built server, as in production: `npm run test:e2e` builds first, and `npm start` builds
    // only what is missing or older than its sources.
    command: 'npm start',
    cwd: '..',
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: 'memory://',
      UPLOADS_DIR: path.join(tmpdir(), `tikat-e2e-uploads-${PORT}`),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // Every browser test signs in from 127.0.0.1 with the same demo accounts; the limits
      // themselves are tested by the integration suite.
      RATE_LIMIT_PER_IP: '10000',
      RATE_LIMIT_PER_ACCOUNT: '1000',
      RATE_LIMIT_PER_ACCOUNT_ALL_ADDRESSES: '1000',
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
      // The demo agent holds many bookings across the specs; the limits are tested by the suite.
      HOLD_LIMIT_UNPAID_BOOKINGS: '1000',
      HOLD_LIMIT_UNPAID_SEATS_PER_FLIGHT: '1000',
      HOLD_LIMIT_NEW_ACCOUNT_HOLDS_PER_ADDRESS: '1000',
    },
  },
});
