import { existsSync } from 'node:fs';
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
  '**/admin-cockpit.spec.ts',
  '**/admin-deposits.spec.ts',
];
/**
 * The public specs run in the `desktop` project; these run in `mobile` too (a 375 px touch phone),
 * because what they test changes on a phone: the rest would repeat their desktop run (specs that
 * need a phone's width set it themselves, as fare-families.spec.ts and home-shop-window.spec.ts
 * do, and phone-widths.spec.ts walks every width on desktop). docs/operations.md#ci.
 */
const MOBILE_SPEC = [
  // axe at the phone's size: the folded header menu, the bottom bar and the dialogs laid out for it.
  '**/accessibility.spec.ts',
  // The bank's app opens the site in a phone's web view: the bottom bar, the dark theme.
  '**/bank-app.spec.ts',
  // The booking form (passengers, contact, payment) on a phone's keyboard and width.
  '**/booking.spec.ts',
  // The fare calendar's month of days at a phone's width.
  '**/fare-calendar.spec.ts',
  // The home page: Sign Up folds into the header's menu under 640 px.
  '**/home.spec.ts',
  // Tab order and focus with the phone's layout (the folded menu and filters).
  '**/keyboard.spec.ts',
  // Offline tickets are what a traveller opens on a phone at the airport.
  '**/offline-tickets.spec.ts',
  // The search form and the results (filters folded under 768 px) on a phone.
  '**/search.spec.ts',
];
/** Refunds in admin-bookings credit the wallet whose balance admin-money checks: never at once. */
const ADMIN_MONEY_SPEC = '**/admin-money.spec.ts';
/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`) where the machine has it: the
 * same Blink and V8 as the full browser without its window layer, and about 40 % less CPU per test
 * on the 2-core CI machine. The full browser otherwise. docs/decisions/0016-browser-tests-in-the-headless-shell.md.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

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
      executablePath: CHROMIUM,
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
      testMatch: MOBILE_SPEC,
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
      // admin-cockpit.spec.ts's webhook receiver listens on 127.0.0.1 (docs/webhooks.md#addresses).
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  },
});
