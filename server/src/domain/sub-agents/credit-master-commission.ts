import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, walletEntries } from '../../db/schema/index';
import { postWalletEntry } from '../wallet/post-wallet-entry';

/**
 * When a sub-agent's booking is ticketed, the master agent is credited what they keep of it (the
 * master level's `earns` of the booking's price breakdown) out of the brand's sales, in the
 * ticketing transaction: the sub-agent paid the agency what the sub-agent owes, and the agency
 * is left with what it charges the master (docs/accounts.md#sub-agents). Once per booking; nothing for other
 * bookings or when the master keeps nothing.
 */
export async function creditMasterCommission(tx: Db, bookingId: string): Promise<void> {
  const [booking] = await tx
    .select({ breakdown: bookings.priceBreakdown, pnr: bookings.pnr })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  const master = booking?.breakdown?.levels.find((level) => level.role === 'master_agent');
  if (!booking?.breakdown || !master || master.earns <= 0) return;
  const [already] = await tx
    .select({ id: walletEntries.id })
    .from(walletEntries)
    .where(and(eq(walletEntries.bookingId, bookingId), eq(walletEntries.kind, 'sub_agent_commission')));
  if (already) return;
  await postWalletEntry(tx, {
    userId: master.agent_id,
    kind: 'sub_agent_commission',
    amount: master.earns,
    currency: booking.breakdown.currency,
    bookingId,
    note: `Commission on ${booking.pnr}`,
  });
}
