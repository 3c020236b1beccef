import type { PaymentAction, PaymentMethod } from '#shared/bookings';
import { apiPost } from '../../../lib/api-client';

/** POST /bookings/:pnr/payments: pays from the wallet, or answers with the gateway's form to submit. */
export const payBooking = (pnr: string, method: PaymentMethod) =>
  apiPost<PaymentAction>(`/bookings/${encodeURIComponent(pnr)}/payments`, { method });

/** Submits a gateway's form the way the gateway expects: a real form POST from this page. */
export function submitGatewayForm(url: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
