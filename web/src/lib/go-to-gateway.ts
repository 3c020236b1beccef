import type { ChangeGateway } from '#shared/booking-changes';

/** The gateways' own names, as payers know them (a booking's payment, a date change's). */
export const GATEWAY_NAMES: Record<ChangeGateway, string> = {
  esewa: 'eSewa',
  khalti: 'Khalti',
  connectips: 'ConnectIPS',
};

/** The next step of a payment made at a gateway: post its form from this page, or go to its address. */
export type GatewayStep =
  | { type: 'form'; url: string; fields: Record<string, string> }
  | { type: 'redirect'; url: string };

/**
 * Sends the payer to the gateway (a booking's payment, a date change's difference): a form is
 * submitted the way the gateway expects, a real form POST from this page.
 */
export function goToGateway(step: GatewayStep): void {
  if (step.type === 'redirect') {
    window.location.assign(step.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = step.url;
  for (const [name, value] of Object.entries(step.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
