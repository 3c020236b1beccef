import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

export interface BooksReport {
  /** One line per problem found; empty when the books balance. */
  problems: string[];
  journals: number;
  lines: number;
  /** Each account's balance (minor units), by currency then account. */
  accounts: { account: string; currency: string; balance: number }[];
}

/**
 * The books' consistency check (issue 20 §7, `npm run check:books`): every journal's lines sum to
 * zero, so every account together sums to zero per currency; every wallet entry has its journal,
 * whose agent line is the entry's amount on the entry's owner; each agent account equals both the
 * sum of their wallet entries and `users.wallet_balance`. Read-only.
 */
export async function checkBooks(db: Db): Promise<BooksReport> {
  const problems: string[] = [];
  const report = (label: string, found: unknown[]) => {
    for (const row of found.slice(0, 5)) problems.push(`${label}: ${JSON.stringify(row)}`);
    if (found.length > 5) problems.push(`${label}: … ${found.length - 5} more`);
  };

  report(
    'journal whose lines do not sum to zero',
    await queryRows(
      db,
      sql`select wallet_entry_id, currency, sum(amount)::text as sum from ledger_lines
           group by wallet_entry_id, currency having sum(amount) <> 0`,
    ),
  );
  report(
    'currency whose accounts do not sum to zero',
    await queryRows(
      db,
      sql`select currency, sum(amount)::text as sum from ledger_lines group by currency having sum(amount) <> 0`,
    ),
  );
  report(
    'wallet entry without its two ledger lines',
    await queryRows(
      db,
      sql`select w.id, w.kind, w.amount::text from wallet_entries w
           where (select count(*) from ledger_lines l where l.wallet_entry_id = w.id) <> 2`,
    ),
  );
  report(
    "wallet entry whose agent line is not its amount on its owner's account",
    await queryRows(
      db,
      sql`select w.id, w.kind, w.amount::text from wallet_entries w
           where not exists (select 1 from ledger_lines l
                              where l.wallet_entry_id = w.id and l.account = 'agent:' || w.user_id
                                and l.amount = w.amount and l.currency = w.currency)`,
    ),
  );
  report(
    'agent account, wallet ledger and wallet balance disagree',
    await queryRows(
      db,
      sql`select u.id, u.wallet_balance::text as balance, coalesce(w.sum, 0)::text as entries,
                 coalesce(l.sum, 0)::text as account
            from users u
            left join (select user_id, sum(amount) as sum from wallet_entries group by user_id) w
                   on w.user_id = u.id
            left join (select account, sum(amount) as sum from ledger_lines
                        where account like 'agent:%' group by account) l
                   on l.account = 'agent:' || u.id
           where u.wallet_balance <> coalesce(w.sum, 0) or u.wallet_balance <> coalesce(l.sum, 0)`,
    ),
  );

  const accounts = (
    await queryRows<{ account: string; currency: string; balance: string }>(
      db,
      sql`select account, currency, sum(amount)::text as balance from ledger_lines
           group by account, currency order by currency, account`,
    )
  ).map((row) => ({ account: row.account, currency: row.currency, balance: Number(row.balance) }));
  const [counts] = await queryRows<{ journals: string; lines: string }>(
    db,
    sql`select count(distinct wallet_entry_id)::text as journals, count(*)::text as lines from ledger_lines`,
  );
  return {
    problems,
    journals: Number(counts?.journals ?? 0),
    lines: Number(counts?.lines ?? 0),
    accounts,
  };
}
