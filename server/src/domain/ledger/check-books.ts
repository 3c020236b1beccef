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
 * A journal's key: its one source row (wallet entry, payment attempt, refund, tax invoice, credit
 * note or agency-collected date change; the table's check keeps it to exactly one).
 */
const JOURNAL =
  sql.raw(`coalesce('wallet_entry:' || wallet_entry_id, 'payment_attempt:' || payment_attempt_id,
  'refund:' || refund_id, 'tax_invoice:' || tax_invoice_id, 'credit_note:' || credit_note_id,
  'booking_change:' || booking_change_id)`);

/** The booking a payment attempt `a` pays: its order, or the booking whose date change it pays. */
const PAYMENT_BOOKING = sql.raw(`(select coalesce(
  (select c.booking_id from booking_change_payments c where c.id::text = a.order_id),
  (select b2.id from bookings b2 where b2.id::text = a.order_id)))`);

/** Captured gateway payments of bookings (and of their date changes) and completed gateway refunds, as the gateway's account moves. */
const GATEWAY_MOVEMENTS = sql`
  select a.gateway, a.currency, -a.amount_paisa as amount
    from payment_attempts a join bookings b on b.id = ${PAYMENT_BOOKING}
   where a.status in ('paid', 'excess')
  union all
  select r.method, r.currency, r.amount from refunds r where r.status = 'completed' and r.method <> 'wallet'`;

/**
 * The books' consistency check (docs/finance-statements.md#the-books-double-entry, `npm run check:books`):
 * every journal's lines sum to zero, so every account together sums to zero per currency; every wallet entry
 * has its journal, whose agent line is the entry's amount on the entry's owner; each agent account equals
 * both the sum of their wallet entries and `users.wallet_balance`; every captured gateway payment, completed
 * gateway refund and tax document with VAT has its journal; each gateway account holds what its
 * captured payments less its completed refunds say (negative: money the gateway holds), each
 * brand's VAT account what its invoices' VAT less its credit notes' says, and every date change the
 * agency collected has its journal, each brand's agency-collected account holding minus their sum.
 * Read-only.
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
      sql`select ${JOURNAL} as journal, currency, sum(amount)::text as sum from ledger_lines
           group by 1, currency having sum(amount) <> 0`,
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
  report(
    'captured gateway payment without its journal (gateway − amount, brand sales + amount)',
    await queryRows(
      db,
      sql`select a.id, a.gateway, a.status, a.amount_paisa::text as amount from payment_attempts a
            join bookings b on b.id = ${PAYMENT_BOOKING}
           where a.status in ('paid', 'excess')
             and ((select count(*) from ledger_lines l where l.payment_attempt_id = a.id) <> 2
               or not exists (select 1 from ledger_lines l
                               where l.payment_attempt_id = a.id and l.account = 'gateway:' || a.gateway
                                 and l.amount = -a.amount_paisa and l.currency = a.currency)
               or not exists (select 1 from ledger_lines l
                               where l.payment_attempt_id = a.id and l.account = 'brand:' || b.brand_id || ':sales'
                                 and l.amount = a.amount_paisa and l.currency = a.currency))`,
    ),
  );
  report(
    'completed gateway refund without its journal (gateway + amount, brand sales − amount)',
    await queryRows(
      db,
      sql`select r.id, r.method, r.amount::text as amount from refunds r join bookings b on b.id = r.booking_id
           where r.status = 'completed' and r.method <> 'wallet' and r.amount <> 0
             and ((select count(*) from ledger_lines l where l.refund_id = r.id) <> 2
               or not exists (select 1 from ledger_lines l
                               where l.refund_id = r.id and l.account = 'gateway:' || r.method
                                 and l.amount = r.amount and l.currency = r.currency)
               or not exists (select 1 from ledger_lines l
                               where l.refund_id = r.id and l.account = 'brand:' || b.brand_id || ':sales'
                                 and l.amount = -r.amount and l.currency = r.currency))`,
    ),
  );
  report(
    'tax document whose VAT is not in its journal (brand sales ↔ tax VAT)',
    await queryRows(
      db,
      sql`select d.kind, d.number, d.vat::text as vat from (
            select 'invoice' as kind, i.number, i.brand_id, i.vat, i.currency,
                   (select count(*) from ledger_lines l where l.tax_invoice_id = i.id) as lines,
                   (select count(*) from ledger_lines l where l.tax_invoice_id = i.id
                       and l.account = 'tax:' || i.brand_id || ':vat' and l.amount = i.vat
                       and l.currency = i.currency) as tax_lines
              from tax_invoices i
            union all
            select 'credit_note', c.number, c.brand_id, c.vat, c.currency,
                   (select count(*) from ledger_lines l where l.credit_note_id = c.id),
                   (select count(*) from ledger_lines l where l.credit_note_id = c.id
                       and l.account = 'tax:' || c.brand_id || ':vat' and l.amount = -c.vat
                       and l.currency = c.currency)
              from credit_notes c) d
           where (d.vat = 0 and d.lines <> 0) or (d.vat <> 0 and (d.lines <> 2 or d.tax_lines <> 1))`,
    ),
  );
  report(
    'gateway account is not its captured payments less its completed refunds',
    await queryRows(
      db,
      sql`select coalesce(m.gateway, l.gateway) as gateway, coalesce(m.currency, l.currency) as currency,
                 (-coalesce(m.sum, 0))::text as paid_less_refunded, coalesce(l.sum, 0)::text as account
            from (select gateway, currency, sum(amount) as sum from (${GATEWAY_MOVEMENTS}) g
                   group by gateway, currency) m
            full join (select substr(account, 9) as gateway, currency, sum(amount) as sum from ledger_lines
                        where account like 'gateway:%' group by 1, currency) l
                   on l.gateway = m.gateway and l.currency = m.currency
           where coalesce(m.sum, 0) <> coalesce(l.sum, 0)`,
    ),
  );
  report(
    "brand's VAT account is not its invoices' VAT less its credit notes'",
    await queryRows(
      db,
      sql`select coalesce(d.account, l.account) as account, coalesce(d.currency, l.currency) as currency,
                 coalesce(d.sum, 0)::text as documents, coalesce(l.sum, 0)::text as ledger
            from (select 'tax:' || brand_id || ':vat' as account, currency, sum(vat) as sum from (
                    select brand_id, currency, vat from tax_invoices
                    union all
                    select brand_id, currency, -vat from credit_notes) v
                   group by 1, currency) d
            full join (select account, currency, sum(amount) as sum from ledger_lines
                        where account like 'tax:%' group by account, currency) l
                   on l.account = d.account and l.currency = d.currency
           where coalesce(d.sum, 0) <> coalesce(l.sum, 0)`,
    ),
  );

  report(
    'date change collected by the agency without its journal (agency-collected − amount, brand sales + amount)',
    await queryRows(
      db,
      sql`select c.id, b.pnr, c.amount::text as amount from booking_changes c join bookings b on b.id = c.booking_id
           where c.paid_with = 'agency' and c.amount <> 0
             and ((select count(*) from ledger_lines l where l.booking_change_id = c.id) <> 2
               or not exists (select 1 from ledger_lines l
                               where l.booking_change_id = c.id
                                 and l.account = 'brand:' || b.brand_id || ':agency-collected'
                                 and l.amount = -c.amount and l.currency = c.currency)
               or not exists (select 1 from ledger_lines l
                               where l.booking_change_id = c.id and l.account = 'brand:' || b.brand_id || ':sales'
                                 and l.amount = c.amount and l.currency = c.currency))`,
    ),
  );
  report(
    "brand's agency-collected account is not minus the date changes it collected",
    await queryRows(
      db,
      sql`select coalesce(c.account, l.account) as account, coalesce(c.currency, l.currency) as currency,
                 coalesce(c.sum, 0)::text as collected, coalesce(l.sum, 0)::text as ledger
            from (select 'brand:' || b.brand_id || ':agency-collected' as account, c.currency, -sum(c.amount) as sum
                    from booking_changes c join bookings b on b.id = c.booking_id
                   where c.paid_with = 'agency' group by 1, c.currency) c
            full join (select account, currency, sum(amount) as sum from ledger_lines
                        where account like 'brand:%:agency-collected' group by account, currency) l
                   on l.account = c.account and l.currency = c.currency
           where coalesce(c.sum, 0) <> coalesce(l.sum, 0)`,
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
    sql`select count(distinct ${JOURNAL})::text as journals, count(*)::text as lines from ledger_lines`,
  );
  return {
    problems,
    journals: Number(counts?.journals ?? 0),
    lines: Number(counts?.lines ?? 0),
    accounts,
  };
}
