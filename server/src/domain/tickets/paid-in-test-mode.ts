import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema/index';
import type { PaymentGatewayDirectory } from '../../payments/brand-gateways';
import type { BookingRow } from '../booking-records/find-booking';

/** The mode a brand's gateway takes payments in now (`app.payments`). */
export type CurrentGatewayMode = Pick<PaymentGatewayDirectory, 'gatewayMode'>;

/**
 * Whether the booking was paid without real money: as recorded with its paid gateway attempt, or,
 * for an attempt made before that was recorded, as the gateway takes payments now. A wallet
 * payment spends the agent's real balance.
 */
export async function paidInTestMode(
  db: Db,
  booking: BookingRow,
  current: CurrentGatewayMode,
): Promise<boolean> {
  const gateway = booking.paidWith;
  if (!gateway || gateway === 'wallet') return false;
  const [attempt] = await db
    .select({ testMode: paymentAttempts.testMode })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, booking.id), eq(paymentAttempts.status, 'paid')));
  if (attempt?.testMode != null) return attempt.testMode;
  return (await current.gatewayMode(booking.brandId, gateway)) === 'test';
}
