/**
 * `npm run fault:pglite-kill`: one app process on a PGlite data folder under a booking load is
 * killed (SIGKILL), then started again on the same folder (it takes over the dead process's
 * lock); every booking a client was told about must be there, the books consistent.
 * Prints the figures and the checks; exits 1 when a check fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/client';
import { findBookingInconsistencies, findLostBookings } from '../server/src/test/booking-consistency';
import { formatOutcomes, runBookingLoad } from '../server/src/test/booking-load';
import { bearerOverHttp, bookingBody, inDays } from '../server/src/test/bookings';
import { startServerProcess } from '../server/src/test/server-process';
import type { FlightOffer } from '../shared/src/flights';

const folder = mkdtempSync(path.join(tmpdir(), 'tikat-kill-'));
const dataDir = path.join(folder, 'pglite');
let failed = false;
try {
  let app = await startServerProcess(
    {
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_IP: '100000',
      HOLD_LIMIT_UNPAID_BOOKINGS: '1000000',
      HOLD_LIMIT_UNPAID_SEATS_PER_FLIGHT: '1000000',
    },
    { timeoutMs: 180_000 },
  );
  const token = await bearerOverHttp(app.origin);
  const bookingBodies: string[] = [];
  const searchBodies: string[] = [];
  for (let day = 10; day < 16; day++) {
    const body = JSON.stringify({ depart_code: 'KTM', dest_code: 'PKR', depart_date: inDays(day) });
    searchBodies.push(body);
    const response = await fetch(`${app.origin}/api/b2b/v2/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const json = (await response.json()) as { data: { legs: { offers: FlightOffer[] }[] } };
    const offer = json.data.legs[0]?.offers.find((o) => o.stops === 0);
    if (offer) bookingBodies.push(JSON.stringify(bookingBody([offer])));
  }
  const victim = app.child;
  setTimeout(() => victim.kill('SIGKILL'), 4_000);
  const result = await runBookingLoad({
    origin: app.origin,
    token,
    bookingBodies,
    searchBodies,
    clients: 8,
    durationMs: 6_000,
    payShare: 0.5,
  });
  console.log(`killed after 4 s of load:\n${formatOutcomes(result.outcomes)}`);
  app = await startServerProcess(
    { DATA_DIR: dataDir, BOOKING_JOBS_INTERVAL_SECONDS: '0' },
    { timeoutMs: 180_000 },
  );
  console.log(`started again on the same folder in ${app.startMs.toFixed(0)} ms`);
  await app.stop();

  const database = await openDatabase({ dataDir });
  // A payment cut off by the kill may have gone through.
  const lost = await findLostBookings(database.db, result.confirmed, { paymentsCutOff: true });
  const problems = await findBookingInconsistencies(database.db);
  await database.close();
  const checks: [string, boolean][] = [
    [
      `every booking confirmed before the kill (${result.confirmed.size}) is there as confirmed (${lost.length} not)`,
      lost.length === 0,
    ],
    [`books consistent (${problems.length} problems)`, problems.length === 0],
  ];
  for (const [label, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
  for (const line of problems) console.log(`     ${line}`);
  failed = checks.some(([, ok]) => !ok);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
