import { and, eq, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { adToBs, BS_MONTH_NAMES, bsToAd } from '#shared/bikram-sambat';
import { TRAVELLER_USER_TYPES } from '#shared/user-types';
import type { AgentStatement } from '#shared/wallet-statements';
import type { Db } from '../../db/client';
import { users, type WalletEntryKind, walletEntries, walletStatementEmails } from '../../db/schema/index';
import { sendEmail } from '../email/send-email';
import { buildAgentsStatement, statementWindow } from './build-wallet-statement';
import { formatMinor } from './format-minor';
import { kathmanduLocal } from './kathmandu-dates';

export interface BsMonthPeriod {
  bsYear: number;
  bsMonth: number;
  /** The month's first and last AD dates. */
  from: string;
  to: string;
}

/** The BS month before the one `today` (an AD date in Nepal) falls in, with its AD dates. */
export function previousBsMonth(today: string): BsMonthPeriod {
  const bs = adToBs(today);
  if (!bs) throw new Error(`${today} is outside the Bikram Sambat table`);
  const firstOfThis = bsToAd({ year: bs.year, month: bs.month, day: 1 });
  const bsYear = bs.month === 1 ? bs.year - 1 : bs.year;
  const bsMonth = bs.month === 1 ? 12 : bs.month - 1;
  const from = bsToAd({ year: bsYear, month: bsMonth, day: 1 });
  if (!firstOfThis || !from) throw new Error(`no BS month before ${today}`);
  const to = new Date(Date.parse(`${firstOfThis}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { bsYear, bsMonth, from, to };
}

/** What each entry is, as the statement e-mail names it. */
const ENTRY_NAMES: Record<WalletEntryKind, string> = {
  top_up: 'top up',
  booking_debit: 'booking debit',
  refund_credit: 'refund credit',
  settlement: 'settlement',
  change_debit: 'change debit',
  transfer_out: 'transfer out',
  transfer_in: 'transfer in',
  sub_agent_commission: 'sub-agent commission',
  sub_agent_commission_reversal: 'sub-agent commission reversed',
};

function statementText(statement: AgentStatement, period: BsMonthPeriod): string {
  const money = (minor: number) => formatMinor(minor, statement.currency);
  const monthName = `${BS_MONTH_NAMES.en[period.bsMonth - 1]} ${period.bsYear}`;
  const lines = statement.lines.map(
    (line) =>
      `${line.date} (${line.dateBs} BS)  ${ENTRY_NAMES[line.kind]}${line.pnr ? ` ${line.pnr}` : ''}${line.reference ? ` ref ${line.reference}` : ''}  ${money(line.amount)}  balance ${money(line.balance)}`,
  );
  return [
    `Dear ${statement.agent.name.split(' ')[0]},`,
    '',
    `Your wallet statement for ${monthName} (${statement.from} to ${statement.to}, Nepal time).`,
    '',
    `Opening balance: ${money(statement.openingBalance)}`,
    ...(lines.length > 0 ? ['', ...lines, ''] : ['No entries this month.']),
    `Credits: ${money(statement.totalCredits)}`,
    `Debits: ${money(statement.totalDebits)}`,
    `Closing balance: ${money(statement.closingBalance)}`,
    ...(statement.creditLimit > 0 ? [`Credit limit: ${money(statement.creditLimit)}`] : []),
    '',
    'Download it as CSV or XLSX, for any dates, from your wallet page.',
    '',
  ].join('\n');
}

/**
 * The monthly statements (docs/finance-statements.md#statements): for the BS month before `today` (Nepal's AD
 * date), each agent with an e-mail address and a wallet (an entry before the month's end, or a credit limit)
 * gets their statement by e-mail, through the outbox. Once per agent and month: the mark in
 * `wallet_statement_emails` is written with the e-mail, in one transaction, and a second run (or
 * another instance at the same time) finds it and sends nothing. Run on the first day of a BS
 * month it sends the month just ended; a later run that month catches up whatever was missed.
 * Returns how many statements were written.
 */
export async function sendMonthlyStatements(db: Db, options: { today: string }): Promise<number> {
  const period = previousBsMonth(options.today);
  const { end } = statementWindow(period.from, period.to);
  const due = await db
    .select({ id: users.id, brandId: users.brandId })
    .from(users)
    .where(
      and(
        notInArray(users.type, [...TRAVELLER_USER_TYPES]),
        eq(users.platformOperator, false),
        isNotNull(users.email),
        or(
          sql`${users.walletCreditLimit} > 0`,
          sql`exists (select 1 from ${walletEntries} w where w.user_id = ${users.id} and w.created_at < ${end.toISOString()})`,
        ),
        sql`not exists (select 1 from ${walletStatementEmails} s where s.user_id = ${users.id}
              and s.bs_year = ${period.bsYear} and s.bs_month = ${period.bsMonth})`,
      ),
    );
  let sent = 0;
  for (const agent of due) {
    const wrote = await db.transaction(async (tx) => {
      const [marked] = await tx
        .insert(walletStatementEmails)
        .values({ userId: agent.id, bsYear: period.bsYear, bsMonth: period.bsMonth })
        .onConflictDoNothing()
        .returning({ userId: walletStatementEmails.userId });
      if (!marked) return false;
      const [statement] = (
        await buildAgentsStatement(tx, {
          brandId: agent.brandId,
          from: period.from,
          to: period.to,
          userIds: [agent.id],
        })
      ).agents;
      if (!statement?.agent.email) return false;
      await sendEmail(tx, {
        brandId: agent.brandId,
        to: statement.agent.email,
        subject: `Your wallet statement for ${BS_MONTH_NAMES.en[period.bsMonth - 1]} ${period.bsYear}`,
        text: statementText(statement, period),
      });
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}

/** Today's date in Nepal (the day the monthly job runs for). */
export const nepalToday = (now = new Date()) => kathmanduLocal(now).date;
