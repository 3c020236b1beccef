import type { PaymentMethod } from '#shared/bookings';
import { isAgentUserType } from '#shared/flights';
import type { GatewayName } from '../../../db/schema/index';
import type { AccountUser } from '../../accounts/find-user';
import type { BookingRow } from '../../booking-records/find-booking';

/** The gateways' currency; they take NPR only. */
const GATEWAY_CURRENCY = 'NPR';
const GATEWAYS: PaymentMethod[] = ['esewa', 'khalti', 'connectips'];

export interface PaymentMethodsOptions {
  user: Pick<AccountUser, 'type' | 'walletCurrency'>;
  /** The brand's `hasPayment`: off means agents' wallet only. */
  hasPayment: boolean;
  booking: Pick<BookingRow, 'status' | 'currency'>;
}

/**
 * How this user may pay this booking: the wallet for agents (in the wallet's currency), the
 * gateways when the brand takes payments and the booking is in NPR. Nothing once not held.
 */
export function paymentMethodsFor(options: PaymentMethodsOptions): PaymentMethod[] {
  if (options.booking.status !== 'held') return [];
  const methods: PaymentMethod[] = [];
  if (isAgentUserType(options.user.type) && options.user.walletCurrency === options.booking.currency) {
    methods.push('wallet');
  }
  if (options.hasPayment && options.booking.currency === GATEWAY_CURRENCY) methods.push(...GATEWAYS);
  return methods;
}

/**
 * Why `method` is not one of paymentMethodsFor's answers, in words the payer can act on: a
 * gateway the booking cannot use, a wallet for someone who is not an agent, or an agent's wallet
 * in another currency than the booking's (a USD booking from an NPR wallet).
 */
export function whyMethodUnavailable(
  method: PaymentMethod,
  options: Pick<PaymentMethodsOptions, 'user' | 'booking'>,
): string {
  if (method !== 'wallet') return `${method} is not available for this booking.`;
  if (!isAgentUserType(options.user.type)) return 'Only agents can pay from a wallet.';
  const { currency } = options.booking;
  const held = options.user.walletCurrency;
  return `This booking is priced in ${currency} and your wallet holds ${held}: a booking in ${currency} cannot be paid from a wallet in ${held}.`;
}

/**
 * The gateways a date change's amount due may be paid with (docs/bookings.md "Paying a change
 * through a gateway"): a traveller's (agents pay from the wallet) when the brand takes payments
 * and the booking is in NPR.
 */
export function changeGatewaysFor(options: {
  user: Pick<AccountUser, 'type'>;
  hasPayment: boolean;
  currency: string;
}): GatewayName[] {
  if (isAgentUserType(options.user.type) || !options.hasPayment) return [];
  return options.currency === GATEWAY_CURRENCY ? ['esewa', 'khalti', 'connectips'] : [];
}
