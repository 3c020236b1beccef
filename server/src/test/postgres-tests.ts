/**
 * The test files CI runs a second time on PostgreSQL and Redis (`.ci/run`; vitest.config.ts reads
 * this list when TIKAT_TESTS=postgres). Every file runs on PGlite; a file is listed here when what
 * it asserts depends on the engine or its driver: several connections at once (row locks, the
 * advisory lock, `for update skip locked`, the pool), Redis, what the `pg` driver hands back
 * (bigint and numeric columns, `count(*)` and `sum(…)` come back as strings), the operations
 * tests, and every file that skips tests without TEST_DATABASE_URL or REDIS_URL (checked by
 * postgres-tests.test.ts, so no test runs zero times). The rule: docs/ci.md#the-postgresql-selection.
 */
export const POSTGRES_TESTS: ReadonlyArray<readonly [file: string, why: string]> = [
  // Skipped on PGlite (one connection in one process) or without Redis.
  ['server/src/domain/bookings/hold/concurrent-holds.test.ts', 'holds racing on their own connections'],
  ['server/src/domain/finance/concurrent-invoices.test.ts', 'invoice numbers from a locked counter row'],
  ['server/src/domain/wallet/concurrent-credit.test.ts', "concurrent debits under the user's row lock"],
  [
    'server/src/domain/wallet/concurrent-deposit-approvals.test.ts',
    "ten approvals of one deposit request at once, under the request's row lock",
  ],
  [
    'server/src/domain/approvals/concurrent-approvals.test.ts',
    "ten approvals of one four-eyes top-up at once, under the approval's row lock",
  ],
  ['server/src/domain/outbox/deliver-email-outbox.test.ts', 'two instances deliver the outbox (skip locked)'],
  ['server/src/http/redis-unavailable.test.ts', 'rate limits in Redis, and Redis emptied'],
  ['server/src/operations/postgres-restart.test.ts', 'a PostgreSQL restart during a booking load'],
  ['server/src/operations/two-instances.test.ts', 'two instances on one PostgreSQL and one Redis'],
  ['server/src/routes/health/route.test.ts', 'readiness names the engine and the Redis status'],
  // Operations: payments settled twice and at once, as deployed.
  ['server/src/operations/gateway-faults.test.ts', 'returns and the reconcile job at once, on the pool'],
  // Connections, locks and the job queue.
  ['server/src/budgets/booking-budgets.test.ts', 'statements and rows of the hot paths on the `pg` driver'],
  [
    'server/src/budgets/query-plans.test.ts',
    "the hot paths' plans from PostgreSQL's planner at 10,000 bookings",
  ],
  ['server/src/domain/bookings/hold/hold-batcher.test.ts', 'group commits of holds on pooled connections'],
  ['server/src/routes/bookings/hold-limits.test.ts', 'hold limits counted under row locks'],
  ['server/src/jobs/job-queue.test.ts', "pg-boss's workers on their own connections"],
  ['server/src/http/metrics.test.ts', "the pool's gauges and counts read from the database"],
  ['server/src/seed/seed.test.ts', 'migrations under the advisory lock, the seed'],
  // Redis counters.
  ['server/src/http/rate-limit.test.ts', 'log-in rate limits counted in Redis'],
  ['server/src/routes/flights/search-rate-limit.test.ts', 'the search rate limit counted in Redis'],
  // Sums and counts, which the `pg` driver returns as strings.
  ['server/src/routes/admin/reports/route.test.ts', "the sales report's sums and counts"],
  ['server/src/routes/admin/reports/change-revenue.test.ts', "date changes' revenue sums"],
  ['server/src/routes/admin/reports/refunds.test.ts', 'refunds and cancellation fees summed per Nepal day'],
  ['server/src/routes/finance/route.test.ts', 'VAT sales register totals'],
  ['server/src/routes/wallet/route.test.ts', 'wallet balances and statements'],
  ['server/src/routes/admin/wallets/route.test.ts', "agents' wallets, credit and statement sums"],
  ['server/src/domain/wallet/send-monthly-statements.test.ts', "statements' opening and closing sums"],
  ['server/src/routes/bookings/books.test.ts', "the ledger's journals summed per currency"],
  ['server/src/test/booking-consistency.test.ts', "the consistency check's counts and sums"],
  ['server/src/routes/admin/bookings/route.test.ts', "the console's booking list, its totals and pages"],
  ['server/src/routes/admin/dashboard/route.test.ts', "the dashboard's sums and counts"],
  [
    'server/src/routes/admin/bookings/refunds-route.test.ts',
    'a refund marked paid back twice at once, under its row lock',
  ],
];

export const POSTGRES_TEST_FILES: string[] = POSTGRES_TESTS.map(([file]) => file);
