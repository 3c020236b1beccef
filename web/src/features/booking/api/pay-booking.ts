import type { PaymentAction, PaymentMethod } from '#shared/bookings';
import { apiPost } from '../../../lib/api-client';

/** POST /bookings/:pnr/payments: pays from the wallet, or answers with the gateway's form to submit. */
export const payBooking = (pnr: string, method: PaymentMethod) =>
  apiPost<PaymentAction>(`/bookings/${encodeURIComponent(pnr)}/payments`, { method });
