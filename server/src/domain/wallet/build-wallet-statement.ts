import { and, asc, eq, gte, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import { adToBs } from '#shared/bikram-sambat';
import { localToUtc } from '#shared/time/zoned';
import { isAgentUserType, TRAVELLER_USER_TYPES } from '#shared/user-types';
import type { AgentStatement, AgentsStatement, StatementLine } from '#shared/wallet-statements';
import type { Db } from '../../db/client';
import { bookings, users, walletEntries } from '../../db/schema/index';
import { invalidFields, notFound } from '../../errors';
import { findBrandUser } from '../admin/find-brand-user';
import { kathmanduLocal } from './kathmandu-dates';

export const NEPAL_TIME_ZONE = 'Asia/Kathmandu';

/** A BS date as "2083-01-18" (the AD date it stands beside has the same shape). */
export function bsDateText(isoDate: string): string {
  const bs = adToBs(isoDate);
  if (!bs) return '';
  return `${bs.year}-${String(bs.month).padStart(2, '0')}-${String(bs.day).padStart(2, '0')}`;
}

/** The instants a statement covers: from the start of `from` to the end of `to`, Nepal time. */
export function statementWindow(from: string, to: string): { start: Date; end: Date } {
  const nextDay = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    start: new Date(localToUtc(`${from}T00:00`, NEPAL_TIME_ZONE)),
    end: new Date(localToUtc(`${nextDay}T00:00`, NEPAL_TIME_ZONE)),
  };
}

export interface StatementPeriod {
  /** First day, Nepal's AD calendar date ('YYYY-MM-DD'), included. */
  from: string;
  /** Last day, included. */
  to: string;
}

interface StatementAgent {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  walletCurrency: string;
  walletCreditLimit: number;
}

const agentColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  walletCurrency: users.walletCurrency,
  walletCreditLimit: users.walletCreditLimit,
};

async function statementOf(db: Db, agent: StatementAgent, period: StatementPeriod): Promise<AgentStatement> {
  const { start, end } = statementWindow(period.from, period.to);
  const [opening] = await db
    .select({ sum: sql<number>`coalesce(sum(${walletEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, agent.id), lt(walletEntries.createdAt, start)));
  const entries = await db
    .select({
      id: walletEntries.id,
      kind: walletEntries.kind,
      amount: walletEntries.amount,
      reference: walletEntries.reference,
      note: walletEntries.note,
      pnr: bookings.pnr,
      createdAt: walletEntries.createdAt,
    })
    .from(walletEntries)
    .leftJoin(bookings, eq(bookings.id, walletEntries.bookingId))
    .where(
      and(
        eq(walletEntries.userId, agent.id),
        gte(walletEntries.createdAt, start),
        lt(walletEntries.createdAt, end),
      ),
    )
    .orderBy(asc(walletEntries.createdAt), asc(walletEntries.id));
  const openingBalance = opening?.sum ?? 0;
  let balance = openingBalance;
  let totalCredits = 0;
  let totalDebits = 0;
  const lines: StatementLine[] = entries.map((entry) => {
    balance += entry.amount;
    if (entry.amount > 0) totalCredits += entry.amount;
    else totalDebits += entry.amount;
    const local = kathmanduLocal(entry.createdAt);
    return {
      id: entry.id,
      date: `${local.date} ${local.time}`,
      dateBs: bsDateText(local.date),
      kind: entry.kind,
      pnr: entry.pnr,
      reference: entry.reference,
      note: entry.note,
      amount: entry.amount,
      balance,
    };
  });
  return {
    agent: { id: agent.id, name: `${agent.firstName} ${agent.lastName}`, email: agent.email },
    from: period.from,
    to: period.to,
    fromBs: bsDateText(period.from),
    toBs: bsDateText(period.to),
    currency: agent.walletCurrency,
    creditLimit: agent.walletCreditLimit,
    openingBalance,
    closingBalance: balance,
    totalCredits,
    totalDebits,
    lines,
  };
}

/**
 * One agent's wallet statement for a period of Nepal calendar days: the balance before the first
 * day, each entry (with its booking's PNR) and the running balance, the balance after the last
 * day. Another brand's user (or none): 404; a traveller: 400 naming `id`.
 */
export async function buildWalletStatement(
  db: Db,
  options: StatementPeriod & { brandId: string; userId: string },
): Promise<AgentStatement> {
  const user = await findBrandUser(db, { brandId: options.brandId, userId: options.userId });
  if (!isAgentUserType(user.type)) throw invalidFields({ id: 'Only agents have a wallet statement.' });
  const [agent] = await db.select(agentColumns).from(users).where(eq(users.id, user.id));
  if (!agent) throw notFound('There is no such agent.');
  return statementOf(db, agent, options);
}

/**
 * Every agent's statement in a brand for a period: agents with a wallet entry before its end or a
 * credit limit, by name.
 */
export async function buildAgentsStatement(
  db: Db,
  options: StatementPeriod & { brandId: string; userIds?: string[] },
): Promise<AgentsStatement> {
  const { end } = statementWindow(options.from, options.to);
  const agents = await db
    .select(agentColumns)
    .from(users)
    .where(
      and(
        eq(users.brandId, options.brandId),
        notInArray(users.type, [...TRAVELLER_USER_TYPES]),
        eq(users.platformOperator, false),
        options.userIds ? inArray(users.id, options.userIds) : undefined,
        or(
          sql`${users.walletCreditLimit} > 0`,
          sql`exists (select 1 from ${walletEntries} w where w.user_id = ${users.id} and w.created_at < ${end.toISOString()})`,
        ),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const statements: AgentStatement[] = [];
  for (const agent of agents) statements.push(await statementOf(db, agent, options));
  return {
    from: options.from,
    to: options.to,
    fromBs: bsDateText(options.from),
    toBs: bsDateText(options.to),
    agents: statements,
  };
}
