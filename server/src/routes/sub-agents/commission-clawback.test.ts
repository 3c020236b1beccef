import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking, PassengerInput } from '#shared/bookings';
import type { PriceBreakdown } from '#shared/sub-agents';
import {
  bookings,
  emailOutbox,
  ledgerLines,
  paymentAttempts,
  refunds,
  tickets,
  users,
  walletEntries,
} from '../../db/schema/index';
import { cancelBooking } from '../../domain/bookings/cancel/cancel-booking';
import { fullRefundQuote } from '../../domain/bookings/disrupt/refund-disrupted-booking';
import { checkBooks } from '../../domain/ledger/check-books';
import {
  commissionReversedFor,
  reverseMasterCommission,
} from '../../domain/sub-agents/reverse-master-commission';
import { kathmanduLocal } from '../../domain/wallet/kathmandu-dates';
import { api, logIn, logInDemo } from '../../test/accounts';
import { topUpWallet } from '../../test/booking-load';
import {
  adult,
  bookingBody,
  findOffers,
  inDays,
  payBooking,
  postBooking,
  walletOf,
} from '../../test/bookings';
import { recipientToken } from '../../test/outbox';
import { createTestApp, RELAXED_HOLD_LIMITS, type TestApp } from '../../test/test-app';

/**
 * The master's commission on a sub-agent's booking comes back when the booking is refunded: the
 * refunded share of it (rounded down), all of it on a full refund or a void, in the refund's
 * transaction, once, in the books (agent:<master> → brand sales), over HTTP on a real database.
 */
let t: TestApp;
let admin: string;
let master: string;
let masterId: string;
let sub: string;
let subId: string;
let brandId: string;
const MASTER = 'agent@sajilo.example';
const SUB_EMAIL = 'ram.sub@example.com';
const SUB_PASSWORD = 'sub agent pass phrase';

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
  api(t, {
    method,
    url,
    cookie,
    ...(payload ? { payload } : {}),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

beforeAll(async () => {
  t = await createTestApp(RELAXED_HOLD_LIMITS);
  admin = await logInDemo(t, 'sajilo', 'admin');
  master = await logInDemo(t, 'sajilo', 'agent');
  masterId = (await call(master, 'GET', '/me')).json().data.userToken;
  expect(
    (await call(admin, 'PUT', `/admin/users/${masterId}/master-agent`, { master_agent: true })).statusCode,
  ).toBe(200);
  const granted = await call(admin, 'PUT', `/admin/users/${masterId}/commission`, {
    grantedCommissionPercent: 4,
    agentGroupId: null,
  });
  expect(granted.statusCode, granted.body).toBe(200);
  const created = await call(master, 'POST', '/agent/sub-agents', {
    first_name: 'Ram',
    last_name: 'Sub',
    email: SUB_EMAIL,
    granted_commission_percent: 1.5,
  });
  expect(created.statusCode, created.body).toBe(200);
  subId = created.json().data.id as string;
  const [invitation] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, SUB_EMAIL))
    .orderBy(desc(emailOutbox.createdAt));
  const confirmed = await api(t, {
    method: 'POST',
    url: '/auth/password-reset/confirm',
    payload: { token: recipientToken(t, invitation), password: SUB_PASSWORD },
  });
  expect(confirmed.statusCode).toBe(200);
  sub = (await logIn(t, SUB_EMAIL, { password: SUB_PASSWORD })).cookie;
  await topUpWallet(t.database.db, MASTER, 50_000_000);
  const funded = await call(
    master,
    'POST',
    `/agent/sub-agents/${subId}/transfers`,
    { amount: 40_000_000 },
    randomUUID(),
  );
  expect(funded.statusCode, funded.body).toBe(200);
  const [row] = await t.database.db
    .select({ brandId: users.brandId })
    .from(users)
    .where(eq(users.id, masterId));
  brandId = row?.brandId ?? '';
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => t?.close());

/** The sub-agent holds these travellers 20 days out (a `family` fare if given) and pays from their wallet. */
async function subAgentBooking(passengers: PassengerInput[] = [adult()], family?: string): Promise<Booking> {
  const offers = await findOffers(t, { cookie: sub, days: 20, adults: passengers.length });
  const offer = family ? offers.find((o) => o.fare.family === family) : offers[0];
  if (!offer) throw new Error(`no ${family ?? ''} offer`);
  const held = await postBooking(t, sub, bookingBody([offer], passengers));
  expect(held.statusCode, held.body).toBe(200);
  const paid = await payBooking(t, sub, (held.json().data as Booking).pnr, 'wallet');
  expect(paid.statusCode, paid.body).toBe(200);
  const booking = paid.json().data.booking as Booking;
  expect(booking.status).toBe('ticketed');
  return booking;
}

async function idOf(pnr: string): Promise<{ id: string; amountDue: number }> {
  const [row] = await t.database.db
    .select({ id: bookings.id, amountDue: bookings.amountDue })
    .from(bookings)
    .where(eq(bookings.pnr, pnr));
  if (!row) throw new Error(`no booking ${pnr}`);
  return row;
}

/** The master's entries of one kind for a booking, amounts in order. */
async function masterEntries(
  bookingId: string,
  kind: 'sub_agent_commission' | 'sub_agent_commission_reversal',
) {
  const rows = await t.database.db
    .select({ id: walletEntries.id, amount: walletEntries.amount })
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.bookingId, bookingId),
        eq(walletEntries.kind, kind),
        eq(walletEntries.userId, masterId),
      ),
    )
    .orderBy(walletEntries.id);
  return rows;
}

/** What the booking's wallet refunds gave back so far. */
async function refundedOf(bookingId: string): Promise<number> {
  const rows = await t.database.db
    .select({ amount: refunds.amount })
    .from(refunds)
    .where(eq(refunds.bookingId, bookingId));
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

/** The master's commission on the booking, as the agency's view of its price breakdown says. */
async function commissionOf(pnr: string): Promise<number> {
  const asAdmin = (await call(admin, 'GET', `/admin/bookings/${pnr}`)).json().data.booking as Booking;
  const level = (asAdmin.price_breakdown as PriceBreakdown).levels.find((l) => l.role === 'master_agent');
  if (!level) throw new Error('no master level');
  return level.earns;
}

/** Fixes the clock at noon on the Nepal day the booking was ticketed, and signs the sub-agent in again. */
async function noonOfIssueDay(bookingId: string): Promise<string> {
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.bookingId, bookingId));
  if (!ticket) throw new Error('no ticket');
  vi.useFakeTimers({ toFake: ['Date'] });
  // A minute after issue, unless that is past the void window's 23:00: then noon of that day. A
  // fixed noon would be hours ahead of the sessions made before it in a Kathmandu morning, and
  // their idle timeout would have ended them.
  const justAfterIssue = new Date(ticket.createdAt.getTime() + 60_000);
  const local = kathmanduLocal(justAfterIssue);
  vi.setSystemTime(
    local.date === kathmanduLocal(ticket.createdAt).date && local.time < '23:00'
      ? justAfterIssue
      : new Date(`${kathmanduLocal(ticket.createdAt).date}T12:00:00+05:45`),
  );
  return (await logIn(t, SUB_EMAIL, { password: SUB_PASSWORD })).cookie;
}

describe('the master’s commission taken back when a sub-agent’s booking is refunded', () => {
  it('a void (everything back) takes back exactly the commission, in the books, and checkBooks stays clean', async () => {
    const booking = await subAgentBooking();
    const { id } = await idOf(booking.pnr);
    const commission = await commissionOf(booking.pnr);
    expect(commission).toBeGreaterThan(0);
    expect((await masterEntries(id, 'sub_agent_commission')).map((e) => e.amount)).toEqual([commission]);

    const before = await walletOf(t.database.db, MASTER);
    const cookie = await noonOfIssueDay(id);
    const voided = await call(cookie, 'POST', `/bookings/${booking.pnr}/void`, { confirm: true });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.booking.status).toBe('refunded');

    const reversals = await masterEntries(id, 'sub_agent_commission_reversal');
    expect(reversals.map((e) => e.amount)).toEqual([-commission]);
    const after = await walletOf(t.database.db, MASTER);
    expect(before.balance - after.balance).toBe(commission);
    expect(after.ledger).toBe(after.balance);
    const lines = await t.database.db
      .select({ account: ledgerLines.account, amount: ledgerLines.amount })
      .from(ledgerLines)
      .where(eq(ledgerLines.walletEntryId, reversals[0]?.id ?? -1));
    expect(lines).toEqual(
      expect.arrayContaining([
        { account: `agent:${masterId}`, amount: -commission },
        { account: `brand:${brandId}:sales`, amount: commission },
      ]),
    );
    expect(lines).toHaveLength(2);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);

    // Asked again, the void is refused and nothing more is taken back.
    const again = await call(cookie, 'POST', `/bookings/${booking.pnr}/void`, { confirm: true });
    expect(again.statusCode).toBe(409);
    expect(await masterEntries(id, 'sub_agent_commission_reversal')).toHaveLength(1);

    // The admin sees it on the booking and in the master's wallet; the master in their statement.
    vi.useRealTimers();
    const detail = (await call(admin, 'GET', `/admin/bookings/${booking.pnr}`)).json().data;
    expect(JSON.stringify(detail)).toContain('sub_agent_commission_reversal');
    const entries = await call(admin, 'GET', `/admin/users/${masterId}/wallet/entries`);
    expect(entries.statusCode, entries.body).toBe(200);
    expect(entries.json().data.items[0]).toMatchObject({
      kind: 'sub_agent_commission_reversal',
      amount: -commission,
      pnr: booking.pnr,
    });
    const today = kathmanduLocal(new Date()).date;
    const statement = await call(master, 'GET', `/wallet/statement?from=${today}&to=${today}&format=csv`);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.body).toContain(`sub_agent_commission_reversal,${booking.pnr}`);
  });

  it('a cancellation refunding everything (a disrupted flight’s quote) takes back exactly the commission', async () => {
    const booking = await subAgentBooking();
    const { id, amountDue } = await idOf(booking.pnr);
    const commission = await commissionOf(booking.pnr);
    const before = await walletOf(t.database.db, MASTER);
    const { quote } = await cancelBooking(t.database.db, {
      scope: { userId: subId },
      pnr: booking.pnr,
      confirm: true,
      by: { name: 'Ram Sub' },
      quoteWith: fullRefundQuote,
    });
    expect(quote.refund).toBe(amountDue);
    expect((await masterEntries(id, 'sub_agent_commission_reversal')).map((e) => e.amount)).toEqual([
      -commission,
    ]);
    expect(before.balance - (await walletOf(t.database.db, MASTER)).balance).toBe(commission);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
  });

  it('a partial cancellation takes back the refunded share; the rest later brings the total to the share of all refunded', async () => {
    const booking = await subAgentBooking([
      adult({ first_name: 'Hari' }),
      adult({ first_name: 'Sita', title: 'Ms', gender: 'female' }),
    ]);
    const { id, amountDue } = await idOf(booking.pnr);
    const commission = await commissionOf(booking.pnr);
    const sita = booking.passengers.find((p) => p.first_name === 'Sita')?.id;
    const before = await walletOf(t.database.db, MASTER);

    const part = await call(sub, 'POST', `/bookings/${booking.pnr}/cancel`, {
      passengers: [sita],
      confirm: true,
    });
    expect(part.statusCode, part.body).toBe(200);
    const partRefund = part.json().data.quote.refund as number;
    expect(partRefund).toBeGreaterThan(0);
    expect(partRefund).toBeLessThan(amountDue);
    const firstShare = Math.floor((commission * partRefund) / amountDue);
    expect((await masterEntries(id, 'sub_agent_commission_reversal')).map((e) => e.amount)).toEqual([
      -firstShare,
    ]);
    expect(before.balance - (await walletOf(t.database.db, MASTER)).balance).toBe(firstShare);

    // The same passengers again: refused, and nothing more taken back.
    const repeat = await call(sub, 'POST', `/bookings/${booking.pnr}/cancel`, {
      passengers: [sita],
      confirm: true,
    });
    expect(repeat.statusCode).toBeGreaterThanOrEqual(400);
    expect(await masterEntries(id, 'sub_agent_commission_reversal')).toHaveLength(1);

    const rest = await call(sub, 'POST', `/bookings/${booking.pnr}/cancel`, { confirm: true });
    expect(rest.statusCode, rest.body).toBe(200);
    const refunded = await refundedOf(id);
    expect(refunded).toBe(partRefund + (rest.json().data.quote.refund as number));
    const total = refunded >= amountDue ? commission : Math.floor((commission * refunded) / amountDue);
    const reversals = await masterEntries(id, 'sub_agent_commission_reversal');
    expect(reversals.reduce((sum, e) => sum + e.amount, 0)).toBe(-total);
    expect(total).toBeLessThanOrEqual(commission);
    expect(before.balance - (await walletOf(t.database.db, MASTER)).balance).toBe(total);

    // A retried reversal with no new refund takes nothing more.
    await t.database.db.transaction((tx) => reverseMasterCommission(tx, id, { whole: false }));
    expect(await masterEntries(id, 'sub_agent_commission_reversal')).toHaveLength(reversals.length);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
  });

  it('after a date change the sub-agent paid for, a cancellation takes back the share of the booking refunded', async () => {
    const booking = await subAgentBooking([adult()], 'Apex');
    const { id, amountDue } = await idOf(booking.pnr);
    const commission = await commissionOf(booking.pnr);
    const options = await call(
      sub,
      'GET',
      `/bookings/${booking.pnr}/change-options?leg_index=0&date=${inDays(23)}`,
    );
    expect(options.statusCode, options.body).toBe(200);
    const chosen = options.json().data.options[0];
    if (!chosen) throw new Error('no change options');
    const changed = await call(sub, 'POST', `/bookings/${booking.pnr}/change`, {
      leg_index: 0,
      offer_id: chosen.offer.id,
      total: chosen.offer.price.total,
      confirm: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(chosen.quote.amount_due).toBeGreaterThan(0);
    // The change's own payment is not a refund and takes nothing back.
    expect(await masterEntries(id, 'sub_agent_commission_reversal')).toEqual([]);

    const before = await walletOf(t.database.db, MASTER);
    const cancelled = await call(sub, 'POST', `/bookings/${booking.pnr}/cancel`, { confirm: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refund = cancelled.json().data.quote.refund as number;
    // What comes back is of the booking's price, never the change's payment; its share is taken back.
    expect(refund).toBeGreaterThan(0);
    expect(refund).toBeLessThan(amountDue);
    const share = Math.floor((commission * refund) / amountDue);
    expect(share).toBeGreaterThan(0);
    expect((await masterEntries(id, 'sub_agent_commission_reversal')).map((e) => e.amount)).toEqual([-share]);
    expect(before.balance - (await walletOf(t.database.db, MASTER)).balance).toBe(share);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
  });

  it('a master who cannot cover it owes it: the refund goes through and their balance goes below zero', async () => {
    const booking = await subAgentBooking();
    const { id } = await idOf(booking.pnr);
    const commission = await commissionOf(booking.pnr);
    // The master has spent everything: no balance, no credit.
    const { balance } = await walletOf(t.database.db, MASTER);
    await t.database.db.update(users).set({ walletCreditLimit: 0 }).where(eq(users.id, masterId));
    if (balance > 0) {
      const spent = await call(
        master,
        'POST',
        `/agent/sub-agents/${subId}/transfers`,
        { amount: balance },
        randomUUID(),
      );
      expect(spent.statusCode, spent.body).toBe(200);
    }
    expect((await walletOf(t.database.db, MASTER)).balance).toBe(0);

    const cookie = await noonOfIssueDay(id);
    const voided = await call(cookie, 'POST', `/bookings/${booking.pnr}/void`, { confirm: true });
    expect(voided.statusCode, voided.body).toBe(200);
    const after = await walletOf(t.database.db, MASTER);
    expect(after.balance).toBe(-commission);
    expect(after.ledger).toBe(after.balance);
    const credit = (await call(master, 'GET', '/wallet')).json().data;
    expect(credit).toMatchObject({ balance: -commission, available: -commission });
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
  });

  it('over any sequence of partial refunds the reversals never exceed the commission, and everything refunded reverses it exactly', async () => {
    const booking = await subAgentBooking();
    const { id, amountDue } = await idOf(booking.pnr);
    const commission = await commissionOf(booking.pnr);
    const rolledBack = new Error('rolled back');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: amountDue }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (parts, finishing) => {
          let reversed: number[] = [];
          await t.database.db
            .transaction(async (tx) => {
              let left = amountDue;
              const refundsMade: number[] = [];
              for (const part of parts) {
                const amount = Math.min(part, left);
                if (amount > 0) refundsMade.push(amount);
                left -= amount;
              }
              if (finishing && left > 0) refundsMade.push(left);
              for (const amount of refundsMade) {
                await tx.insert(refunds).values({
                  bookingId: id,
                  method: 'wallet',
                  amount,
                  currency: 'NPR',
                  status: 'completed',
                  reason: 'property test',
                  part: `passengers:${randomUUID()}`,
                });
                await reverseMasterCommission(tx, id, { whole: false });
              }
              const rows = await tx
                .select({ amount: walletEntries.amount })
                .from(walletEntries)
                .where(
                  and(
                    eq(walletEntries.bookingId, id),
                    eq(walletEntries.kind, 'sub_agent_commission_reversal'),
                  ),
                );
              reversed = rows.map((r) => -r.amount);
              const total = reversed.reduce((sum, r) => sum + r, 0);
              const refunded = refundsMade.reduce((sum, r) => sum + r, 0);
              expect(reversed.every((r) => r > 0)).toBe(true);
              expect(total).toBeLessThanOrEqual(commission);
              expect(total).toBe(
                commissionReversedFor({ commission, paid: amountDue, refunded, whole: false }),
              );
              if (refunded === amountDue) expect(total).toBe(commission);
              expect((await checkBooks(tx)).problems).toEqual([]);
              throw rolledBack;
            })
            .catch((error) => {
              if (error !== rolledBack) throw error;
            });
        },
      ),
      { numRuns: 25 },
    );
    expect(await masterEntries(id, 'sub_agent_commission_reversal')).toEqual([]);
  });

  it('the refund of a second capture (an excess payment) takes nothing back; a refund of the booking does', async () => {
    const booking = await subAgentBooking();
    const { id, amountDue } = await idOf(booking.pnr);
    const commission = await commissionOf(booking.pnr);
    const rolledBack = new Error('rolled back');
    await t.database.db
      .transaction(async (tx) => {
        const reference = `EXCESS${randomUUID().replaceAll('-', '').slice(0, 14)}`;
        await tx.insert(paymentAttempts).values({
          orderId: id,
          gateway: 'khalti',
          reference,
          amountPaisa: amountDue,
          currency: 'NPR',
          status: 'excess',
        });
        await tx.insert(refunds).values({
          bookingId: id,
          method: 'khalti',
          amount: amountDue,
          currency: 'NPR',
          status: 'pending',
          paymentReference: reference,
          reason: 'Paid twice',
        });
        await reverseMasterCommission(tx, id, { whole: false });
        const none = await tx
          .select()
          .from(walletEntries)
          .where(
            and(eq(walletEntries.bookingId, id), eq(walletEntries.kind, 'sub_agent_commission_reversal')),
          );
        expect(none).toEqual([]);
        await tx.insert(refunds).values({
          bookingId: id,
          method: 'wallet',
          amount: amountDue,
          currency: 'NPR',
          status: 'completed',
          reason: 'Cancelled',
          part: 'void',
        });
        await reverseMasterCommission(tx, id, { whole: false });
        const taken = await tx
          .select({ amount: walletEntries.amount })
          .from(walletEntries)
          .where(
            and(eq(walletEntries.bookingId, id), eq(walletEntries.kind, 'sub_agent_commission_reversal')),
          );
        expect(taken).toEqual([{ amount: -commission }]);
        throw rolledBack;
      })
      .catch((error) => {
        if (error !== rolledBack) throw error;
      });
  });

  it('commissionReversedFor: cumulative, monotone, bounded by the commission, exact when all is refunded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000_000 }), { maxLength: 10 }),
        (commission, paid, parts) => {
          let refunded = 0;
          let previous = 0;
          for (const part of parts) {
            refunded = Math.min(paid, refunded + part);
            const now = commissionReversedFor({ commission, paid, refunded, whole: false });
            expect(now).toBeGreaterThanOrEqual(previous);
            expect(now).toBeLessThanOrEqual(commission);
            // The exact share rounded down: now × paid ≤ commission × refunded < (now + 1) × paid.
            expect(BigInt(now) * BigInt(paid) <= BigInt(commission) * BigInt(refunded)).toBe(true);
            expect(BigInt(now + 1) * BigInt(paid) > BigInt(commission) * BigInt(refunded)).toBe(true);
            previous = now;
          }
          expect(commissionReversedFor({ commission, paid, refunded: paid, whole: false })).toBe(commission);
          expect(commissionReversedFor({ commission, paid, refunded: 0, whole: true })).toBe(commission);
        },
      ),
    );
  });
});
