import type { PriceBreakdown } from '#shared/sub-agents';
import { isAgentUserType } from '#shared/user-types';
import type { BookingRow } from '../booking-records/find-booking';
import type { BookerInfo } from '../booking-records/load-bookers';
import { breakdownFor, buildPriceBreakdown } from '../commissions/build-price-breakdown';

/**
 * A booking's price breakdown as `viewerId` may see it (null: the agency): the one made at the
 * hold, or for bookings made before sub-agents, the one its price says (the booker's level only).
 */
export function priceBreakdownOf(
  booking: Pick<BookingRow, 'price' | 'priceBreakdown' | 'currency'>,
  booker: BookerInfo | undefined,
  viewerId: string | null,
): PriceBreakdown {
  const breakdown =
    booking.priceBreakdown ??
    buildPriceBreakdown({
      currency: booking.currency,
      total: booking.price.total,
      commission: booking.price.commission?.amount ?? 0,
      markup: booking.price.agent_markup?.amount ?? 0,
      booker: booker && isAgentUserType(booker.type) ? { id: booker.id, name: booker.name } : null,
    });
  return breakdownFor(breakdown, viewerId);
}
