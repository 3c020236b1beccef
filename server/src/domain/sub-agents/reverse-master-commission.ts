import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, walletEntries } from '../../db/schema/index';
import { postWalletEntry } from '../wallet/post-wallet-entry';

/**
 * How much of a master's commission stands reversed once `refunded` of the `paid` booking came
 * back: the refunded share of it, rounded down to the minor unit, all of it once everything paid
 * came back or the tickets were voided. It grows with `refunded` and never passes `commission`,
 * so reversing the difference to what was reversed before never reverses more than was credited.
 */
export function commissionReversedFor(options: {
  commission: number;
  paid: number;
  refunded: number;
  whole: boolean;
}): number {
  const { commission, paid, refunded } = options;
  if (commission <= 0) return 0;
  if (options.whole || refunded >= paid) return commission;
  if (refunded <= 0) return 0;
  return Number((BigInt(commission) * BigInt(refunded)) / BigInt(paid));
}

/**
 * When a sub-agent's booking is refunded, in the refund's transaction (under the booking's row
 * lock): the master agent's `sub_agent_commission` is taken back by a
 * `sub_agent_commission_reversal` entry, the share commissionReversedFor gives for all the
 * after-sales refunds of the booking so far (`whole`: a void, all of it), less what was reversed
 * before. Refunds of a second capture (the attempt in `excess`) are money that never paid the
 * booking and do not count. Run again with no new refund, it reverses nothing more. The reversal
 * is owed whatever the master's balance: their wallet may go below their credit limit, and their
 * own debits wait until a top-up or settlement covers it.
 */
export async function reverseMasterCommission(
  tx: Db,
  bookingId: string,
  options: { whole: boolean },
): Promise<void> {
  const credited = await tx
    .select({ userId: walletEntries.userId, amount: walletEntries.amount, currency: walletEntries.currency })
    .from(walletEntries)
    .where(and(eq(walletEntries.bookingId, bookingId), eq(walletEntries.kind, 'sub_agent_commission')));
  const [commission] = credited;
  if (!commission) return;
  const [booking] = await tx
    .select({
      pnr: bookings.pnr,
      paid: bookings.amountDue,
      refunded: sql<string>`(select coalesce(sum(r.amount), 0) from refunds r
        where r.booking_id = ${bookingId}
          and not exists (select 1 from payment_attempts a
                           where a.reference = r.payment_reference and a.status = 'excess'))`,
      reversed: sql<string>`(select coalesce(-sum(w.amount), 0) from wallet_entries w
        where w.booking_id = ${bookingId} and w.kind = 'sub_agent_commission_reversal')`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) return;
  const due =
    commissionReversedFor({
      commission: commission.amount,
      paid: booking.paid,
      refunded: Number(booking.refunded),
      whole: options.whole,
    }) - Number(booking.reversed);
  if (due <= 0) return;
  await postWalletEntry(tx, {
    userId: commission.userId,
    kind: 'sub_agent_commission_reversal',
    amount: -due,
    currency: commission.currency,
    bookingId,
    note: `Commission on ${booking.pnr} reversed: the booking was refunded`,
    owedWhateverTheBalance: true,
  });
}
