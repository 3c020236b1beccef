import { eq } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT } from '#shared/integrations';
import { siteConfig } from '#shared/site-config';
import type { Db } from '../db/client';
import { bookings, brands } from '../db/schema/index';
import { findUser } from '../domain/accounts/find-user';
import { loadBookingDetails } from '../domain/booking-records/find-booking';
import { loadBookers } from '../domain/booking-records/load-bookers';
import { paymentMethodsFor } from '../domain/bookings/pay/payment-methods-for';
import { priceBreakdownOf } from '../domain/bookings/price-breakdown-of';
import { findDepositRequest } from '../domain/wallet/list-deposit-requests';
import type { WebhookEventRow } from '../domain/webhooks/deliver-webhooks';
import { presentBooking } from '../presenters/booking';
import { presentDepositRequest } from '../presenters/deposit-request';

/**
 * A webhook event's resource as the API presents it to the event's owner: `{ booking }` as
 * `GET /bookings/:pnr` answers it, `{ wallet }` with the balance (`wallet.low`),
 * `{ deposit_request, wallet }` (`wallet.deposit`: the request as `GET /wallet/deposit-requests`
 * shows it), or `{ test }` for a test sent on request.
 */
export function webhookResources(db: Db) {
  return async (event: WebhookEventRow): Promise<unknown> => {
    const user = await findUser(db, { userId: event.userId, brandId: event.brandId });
    if (!user) return null;
    if (event.type === WEBHOOK_TEST_EVENT) {
      return { test: { message: 'A test from Tikat: this address receives signed deliveries.' } };
    }
    if (event.resourceType === 'wallet') {
      return { wallet: { balance: user.walletBalance, currency: user.walletCurrency } };
    }
    if (event.resourceType === 'deposit_request') {
      const request = await findDepositRequest(db, {
        brandId: event.brandId,
        id: Number(event.resourceId),
        userId: event.userId,
      });
      return {
        deposit_request: presentDepositRequest(request),
        wallet: { balance: user.walletBalance, currency: user.walletCurrency },
      };
    }
    const [row] = await db.select().from(bookings).where(eq(bookings.id, event.resourceId));
    if (!row) return null;
    const [brand] = await db
      .select({ siteConfig: brands.siteConfig })
      .from(brands)
      .where(eq(brands.id, row.brandId));
    const config = siteConfig.safeParse(brand?.siteConfig);
    const full = await loadBookingDetails(db, row);
    const methods = paymentMethodsFor({
      user,
      hasPayment: config.success && config.data.hasPayment,
      booking: full.booking,
    });
    const booker = (await loadBookers(db, [full.booking.userId])).get(full.booking.userId);
    return {
      booking: presentBooking(full, methods, {
        priceBreakdown: priceBreakdownOf(full.booking, booker, user.type === 'admin' ? null : user.id),
        booker,
      }),
    };
  };
}
