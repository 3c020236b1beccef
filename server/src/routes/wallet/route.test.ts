import { eq, isNotNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import { auditLog, bookings, emailOutbox, ledgerLines, users, walletEntries } from '../../db/schema/index';
import { checkBooks } from '../../domain/ledger/check-books';
import { bsDateText } from '../../domain/wallet/build-wallet-statement';
import { kathmanduLocal } from '../../domain/wallet/kathmandu-dates';
import { postWalletEntry } from '../../domain/wallet/post-wallet-entry';
import { api, GLOBALIME, logInDemo } from '../../test/accounts';
import { adminSessions, asAdmin } from '../../test/admin';
import { holdBooking, payBooking, walletOf } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
let globalimeAgent: string;
let sajiloCustomer: string;

beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
  globalimeAgent = await logInDemo(t, 'globalime', 'agent');
  sajiloCustomer = await logInDemo(t, 'sajilo', 'customer');
});
afterAll(() => t.close());

const today = () => kathmanduLocal(new Date()).date;
const get = (cookie: string, url: string, host?: string) => api(t, { method: 'GET', url, cookie, host });

/** RFC 4180 CSV as rows of fields (quotes undone). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

async function paidBooking(cookie: string, host?: string): Promise<Booking> {
  const held = await holdBooking(t, cookie, { days: 12, ...(host ? { host } : {}) });
  const paid = await payBooking(t, cookie, held.pnr, 'wallet', host);
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().data.booking as Booking;
}

describe("the agent's statement", () => {
  it('lists opening balance, each entry with its PNR and running balance, closing balance, in JSON, CSV and XLSX', async () => {
    const agent = sessions.sajiloAgent;
    const before = await walletOf(t.app.db, 'agent@sajilo.example');
    const booking = await paidBooking(agent);
    const after = await walletOf(t.app.db, 'agent@sajilo.example');
    const day = today();

    const json = await get(agent, `/wallet/statement?from=${day}&to=${day}`);
    expect(json.statusCode, json.body).toBe(200);
    const statement = json.json().data;
    expect(statement).toMatchObject({
      from: day,
      to: day,
      fromBs: bsDateText(day),
      currency: 'NPR',
      closingBalance: after.balance,
    });
    expect(statement.fromBs).toMatch(/^20\d\d-\d\d-\d\d$/);
    const line = statement.lines.find((l: { pnr: string | null }) => l.pnr === booking.pnr);
    expect(line).toMatchObject({
      kind: 'booking_debit',
      amount: after.balance - before.balance,
      balance: after.balance,
    });
    expect(line.date.slice(0, 10)).toBe(day);
    expect(line.dateBs).toBe(bsDateText(day));
    // Running balance: each line is the one before plus its amount, from the opening balance.
    let running = statement.openingBalance;
    for (const l of statement.lines) {
      running += l.amount;
      expect(l.balance).toBe(running);
    }
    expect(running).toBe(statement.closingBalance);

    const csv = await get(agent, `/wallet/statement?from=${day}&to=${day}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="wallet-statement-.*\.csv"/);
    const rows = parseCsv(csv.body);
    const header = rows[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    expect(rows[1]?.[col('entry')]).toBe('opening balance');
    expect(Number(rows[1]?.[col('balance_minor')])).toBe(statement.openingBalance);
    const bookingRow = rows.find((r) => r[col('pnr')] === booking.pnr);
    expect(bookingRow?.[col('entry')]).toBe('booking_debit');
    expect(bookingRow?.[col('date_bs')]).toBe(bsDateText(day));
    expect(Number(bookingRow?.[col('balance_minor')])).toBe(after.balance);
    const last = rows[rows.length - 1] ?? [];
    expect(last[col('entry')]).toBe('closing balance');
    expect(Number(last[col('balance_minor')])).toBe(after.balance);
    expect(last[col('balance')]).toBe((after.balance / 100).toFixed(2));

    const xlsx = await get(agent, `/wallet/statement?from=${day}&to=${day}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Statement');
    const cells: unknown[][] = [];
    sheet?.eachRow((row) => cells.push((row.values as unknown[]).slice(1)));
    expect(cells[0]).toEqual(header);
    expect(cells.length).toBe(rows.length);
    const xlsxBooking = cells.find((r) => r[col('pnr')] === booking.pnr);
    expect(xlsxBooking?.[col('balance')]).toBe(after.balance / 100);
    expect(xlsxBooking?.[col('amount_minor')]).toBe(after.balance - before.balance);
    expect(cells[cells.length - 1]?.[col('entry')]).toBe('closing balance');
  });

  it('opens with the balance before the first day and lists nothing of a day without entries', async () => {
    const tomorrow = new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const wallet = await walletOf(t.app.db, 'agent@sajilo.example');
    const response = await get(sessions.sajiloAgent, `/wallet/statement?from=${tomorrow}&to=${tomorrow}`);
    expect(response.json().data).toMatchObject({
      openingBalance: wallet.balance,
      closingBalance: wallet.balance,
      lines: [],
    });
  });

  it('answers 400 naming the field for bad dates, a reversed range and an unknown format', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-01&to=2026-12-01', 'from'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=yesterday&to=2026-03-01', 'from'],
      ['from=2026-03-01', 'to'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['from=2020-01-01&to=2026-03-01', 'to'],
      ['from=2026-03-01&to=2026-03-01&format=pdf', 'format'],
    ];
    for (const [query, field] of cases) {
      const response = await get(sessions.sajiloAgent, `/wallet/statement?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().data.code, query).toBe('VALIDATION_FAILED');
      expect(response.json().data.fields, query).toHaveProperty(field);
    }
  });

  it('is refused to travellers and to nobody signed in', async () => {
    expect((await get(sajiloCustomer, '/wallet/statement?from=2026-03-01&to=2026-03-01')).statusCode).toBe(
      403,
    );
    expect((await get('', '/wallet/statement?from=2026-03-01&to=2026-03-01')).statusCode).toBe(401);
  });
});

describe("the admin's statements", () => {
  it("shows one agent's statement, every agent's, and 404s another brand's agent", async () => {
    const [agent] = await t.app.db.select().from(users).where(eq(users.email, 'agent@sajilo.example'));
    const [other] = await t.app.db.select().from(users).where(eq(users.email, 'agent@globalime.example'));
    const day = today();
    const mine = await get(sessions.sajiloAgent, `/wallet/statement?from=${day}&to=${day}`);
    const one = await asAdmin(
      t,
      sessions.sajiloAdmin,
      'GET',
      `/admin/users/${agent?.id}/wallet/statement?from=${day}&to=${day}`,
    );
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual(mine.json().data);

    const all = await asAdmin(
      t,
      sessions.sajiloAdmin,
      'GET',
      `/admin/wallets/statement?from=${day}&to=${day}`,
    );
    expect(all.statusCode).toBe(200);
    const agents = all.json().data.agents as { agent: { id: string } }[];
    expect(agents.map((a) => a.agent.id)).toContain(agent?.id);
    expect(agents.map((a) => a.agent.id)).not.toContain(other?.id);
    expect(agents.find((a) => a.agent.id === agent?.id)).toEqual(mine.json().data);

    const csv = await asAdmin(
      t,
      sessions.sajiloAdmin,
      'GET',
      `/admin/wallets/statement?from=${day}&to=${day}&format=csv`,
    );
    const rows = parseCsv(csv.body);
    expect(rows.filter((r) => r[4] === 'opening balance')).toHaveLength(agents.length);

    const foreign = await asAdmin(
      t,
      sessions.sajiloAdmin,
      'GET',
      `/admin/users/${other?.id}/wallet/statement?from=${day}&to=${day}`,
    );
    expect(foreign.statusCode).toBe(404);
    const bad = await asAdmin(
      t,
      sessions.sajiloAdmin,
      'GET',
      `/admin/wallets/statement?from=${day}&to=2001-01-01`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('to');
    expect(
      (await get(sessions.sajiloAgent, `/admin/wallets/statement?from=${day}&to=${day}`)).statusCode,
    ).toBe(403);
  });
});

describe('credit limits and settlements', () => {
  it('lets the wallet go down to minus the limit, refuses beyond with nothing written, alerts at 80 % and 100 % once, settles', async () => {
    const [agentRow] = await t.app.db.select().from(users).where(eq(users.email, 'agent@globalime.example'));
    const agentId = agentRow?.id ?? '';
    const admin = sessions.globalimeAdmin;
    const credit = (payload: unknown) =>
      asAdmin(t, admin, 'PUT', `/admin/users/${agentId}/wallet/credit-limit`, payload, GLOBALIME);

    // The wallet emptied first: what follows is paid on credit.
    await t.app.db.transaction(async (tx) => {
      const wallet = await walletOf(tx, 'agent@globalime.example');
      if (wallet.balance > 0)
        await postWalletEntry(tx, {
          userId: agentId,
          kind: 'booking_debit',
          amount: -wallet.balance,
          currency: 'NPR',
        });
    });
    const first = await holdBooking(t, globalimeAgent, { days: 14, host: GLOBALIME });
    const refused = await payBooking(t, globalimeAgent, first.pnr, 'wallet', GLOBALIME);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().data.code).toBe('INSUFFICIENT_FUNDS');

    const due = first.price.commission?.net_total ?? first.price.total;
    const limit = Math.ceil((due * 10) / 9); // one booking uses 90 % of it
    for (const bad of [-1, 10.5, '100', null]) {
      const response = await credit({ creditLimit: bad });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().data.fields).toHaveProperty('creditLimit');
    }
    const set = await credit({ creditLimit: limit, note: 'Agreed at the branch' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({
      creditLimit: limit,
      balance: 0,
      available: limit,
      creditUsed: 0,
    });
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'wallet.credit-limit'));
    expect(audit).toMatchObject({
      entityId: agentId,
      actorLabel: 'admin@globalime.example',
      before: { walletCreditLimit: 0 },
      after: { walletCreditLimit: limit },
    });

    const creditMails = () =>
      t.app.db
        .select()
        .from(emailOutbox)
        .where(sql`${emailOutbox.subject} like '%credit limit%'`)
        .orderBy(emailOutbox.createdAt);
    expect(await creditMails()).toHaveLength(0);

    const paid = await payBooking(t, globalimeAgent, first.pnr, 'wallet', GLOBALIME);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await walletOf(t.app.db, 'agent@globalime.example')).balance).toBe(-due);
    const eighty = await creditMails();
    expect(eighty.map((m) => m.to).sort()).toEqual(['admin@globalime.example', 'agent@globalime.example']);
    expect(eighty.every((m) => m.subject.includes('80 %'))).toBe(true);

    // Beyond the limit: refused with the stable code, and nothing is written.
    const second = await holdBooking(t, globalimeAgent, { days: 15, host: GLOBALIME });
    const [entriesBefore] = await t.app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(walletEntries);
    const beyond = await payBooking(t, globalimeAgent, second.pnr, 'wallet', GLOBALIME);
    expect(beyond.statusCode).toBe(402);
    // The second flight is another day's, so the demand model may price it apart from the first.
    const secondDue = second.price.commission?.net_total ?? second.price.total;
    expect(beyond.json().data).toMatchObject({
      code: 'CREDIT_LIMIT_EXCEEDED',
      credit_limit: limit,
      balance: -due,
      available: limit - due,
      shortfall: secondDue - (limit - due),
    });
    expect(beyond.json().data.error).toMatch(/credit limit/);
    const [entriesAfter] = await t.app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(walletEntries);
    expect(entriesAfter?.n).toBe(entriesBefore?.n);
    const [stillHeld] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, second.pnr));
    expect(stillHeld?.status).toBe('held');
    expect((await walletOf(t.app.db, 'agent@globalime.example')).balance).toBe(-due);
    expect(await creditMails()).toHaveLength(2);

    // A larger limit: the second booking takes use to exactly 100 %, one alert more each.
    const bothDue = due + secondDue;
    expect((await credit({ creditLimit: bothDue })).statusCode).toBe(200);
    expect((await payBooking(t, globalimeAgent, second.pnr, 'wallet', GLOBALIME)).statusCode).toBe(200);
    const all = await creditMails();
    expect(all).toHaveLength(4);
    expect(
      all
        .filter((m) => m.subject.includes('all of'))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['admin@globalime.example', 'agent@globalime.example']);
    const agentView = await get(globalimeAgent, '/wallet', GLOBALIME);
    expect(agentView.json().data).toMatchObject({
      balance: -bothDue,
      creditLimit: bothDue,
      available: 0,
      creditUsed: bothDue,
    });

    // Settlement against the balance: a ledger entry, audit-logged, once per reference.
    const settle = (payload: unknown) =>
      asAdmin(t, admin, 'POST', `/admin/users/${agentId}/wallet/settlements`, payload, GLOBALIME);
    expect((await settle({ amount: 0, reference: 'CHQ-1' })).json().data.fields).toHaveProperty('amount');
    expect((await settle({ amount: 100, reference: ' ' })).json().data.fields).toHaveProperty('reference');
    const settled = await settle({ amount: bothDue, reference: 'CHQ-1', note: 'Cheque, NIC Asia' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toMatchObject({
      balance: 0,
      replayed: false,
      entry: { kind: 'settlement', amount: bothDue },
    });
    expect((await settle({ amount: bothDue, reference: 'CHQ-1' })).json().data.replayed).toBe(true);
    expect((await settle({ amount: 5, reference: 'CHQ-1' })).statusCode).toBe(409);
    expect((await walletOf(t.app.db, 'agent@globalime.example')).balance).toBe(0);
    const [settlementAudit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'wallet.settlement'));
    expect(settlementAudit).toMatchObject({
      entityId: agentId,
      before: { walletBalance: -bothDue },
      after: { walletBalance: 0 },
    });
    const lines = await t.app.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.walletEntryId, settled.json().data.entry.id));
    expect(
      lines.map((l) => [l.account.split(':')[0], l.account.split(':')[2] ?? null, l.amount]).sort(),
    ).toEqual([
      ['agent', null, bothDue],
      ['brand', 'bank', -bothDue],
    ]);

    // Use crossing 80 % again after the settlement alerts again (once per crossing).
    const third = await holdBooking(t, globalimeAgent, { days: 16, host: GLOBALIME });
    expect((await payBooking(t, globalimeAgent, third.pnr, 'wallet', GLOBALIME)).statusCode).toBe(200);
    expect(await creditMails()).toHaveLength(4);
    const fourth = await holdBooking(t, globalimeAgent, { days: 17, host: GLOBALIME });
    expect((await payBooking(t, globalimeAgent, fourth.pnr, 'wallet', GLOBALIME)).statusCode).toBe(200);
    expect(await creditMails()).toHaveLength(6);

    // Other brands' admins and agents cannot touch the credit.
    expect(
      (
        await asAdmin(t, sessions.sajiloAdmin, 'PUT', `/admin/users/${agentId}/wallet/credit-limit`, {
          creditLimit: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await asAdmin(t, sessions.sajiloAgent, 'PUT', `/admin/users/${agentId}/wallet/credit-limit`, {
          creditLimit: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('the books', () => {
  it('balance after everything above, and the check finds a journal that does not', async () => {
    const report = await checkBooks(t.app.db);
    expect(report.problems).toEqual([]);
    expect(report.journals).toBeGreaterThan(3);
    expect(report.accounts.some((a) => a.account.startsWith('brand:') && a.account.endsWith(':sales'))).toBe(
      true,
    );
    const total = report.accounts.reduce((sum, a) => sum + a.balance, 0);
    expect(total).toBe(0);

    await t.app.db
      .transaction(async (tx) => {
        const [line] = await tx
          .select()
          .from(ledgerLines)
          .where(isNotNull(ledgerLines.walletEntryId))
          .limit(1);
        await tx
          .insert(ledgerLines)
          .values({ ...line, id: undefined, amount: 1 } as typeof ledgerLines.$inferInsert);
        const broken = await checkBooks(tx);
        expect(broken.problems.some((p) => p.startsWith('journal whose lines do not sum to zero'))).toBe(
          true,
        );
        expect(broken.problems.some((p) => p.startsWith('currency whose accounts do not sum to zero'))).toBe(
          true,
        );
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
      });
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });
});
