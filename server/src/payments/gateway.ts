import { GATEWAY_NAMES, type GatewayName } from '../db/schema/payments';

export { GATEWAY_NAMES, type GatewayName };

/** What the browser must do to pay: post a form to the gateway, or go to an address. */
export type PaymentAction =
  | { kind: 'form'; method: 'POST'; url: string; fields: Record<string, string> }
  | { kind: 'redirect'; url: string };

export interface PaymentRequest {
  /** Our transaction id at the gateway (letters and digits, at most 20). */
  reference: string;
  /** In paisa. */
  amountPaisa: number;
  /** Shown to the payer, e.g. "Booking ABC123". */
  orderName: string;
  /** Where the gateway sends the payer after paying (and, for Khalti, after cancelling too). */
  successUrl: string;
  /** Where the gateway sends the payer after a cancel or failure. */
  failureUrl: string;
  /** The payer's site (the booking's brand's), sent to Khalti as website_url; else the configured one. */
  websiteUrl?: string;
}

export interface Initiation {
  action: PaymentAction;
  /** A token the gateway wants back for look-ups (Khalti pidx). */
  gatewayToken?: string;
}

/** The facts of a payment attempt a gateway checks an answer against. */
export interface PaymentRecord {
  reference: string;
  /** In paisa. */
  amountPaisa: number;
  gatewayToken: string | null;
}

/** Query or form parameters of a return/callback, as received. */
export type CallbackParams = Record<string, string | undefined>;

/**
 * The outcome of checking a payment with the gateway.
 * - `paid`: the signature held, the gateway's status look-up said paid, amount and reference match.
 * - `unpaid`: the gateway says, credibly, that the payment is not (or not yet) made.
 * - `rejected`: not verified — a forged or tampered callback, a mismatch, or a gateway that did
 *   not answer, answered garbage or answered an error (`lookupFailed`: the payment may well be
 *   made; the reconcile job asks again). Never paid; the reason says why.
 */
export type Verification =
  | { verdict: 'paid'; gatewayReference: string; payload: unknown }
  | { verdict: 'unpaid'; status: 'pending' | 'failed' | 'cancelled'; reason: string }
  | { verdict: 'rejected'; reason: string; lookupFailed?: true };

/** A captured payment to give back in full (a second capture of an order already paid). */
export interface RefundRequest {
  reference: string;
  /** In paisa: the whole payment. */
  amountPaisa: number;
  /** The gateway's id of the payment, from its look-up (Khalti transaction_id). */
  gatewayReference: string | null;
  gatewayToken: string | null;
}

/**
 * What a gateway's refund API answered.
 * - `refunded`: the gateway says the money went back.
 * - `refused`: the gateway answered, and said no (unknown transaction, not refundable…): an
 *   operator pays it back by hand, with the reason.
 * - `unanswered`: no usable answer (time-out, 5xx, not the documented shape): try again later.
 */
export type RefundResult =
  | { outcome: 'refunded'; payload: unknown }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'unanswered'; reason: string };

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The smallest amount the gateway takes, in paisa. */
  readonly minimumAmountPaisa?: number;
  /** Registers the payment with the gateway where the protocol needs it, and says what the browser does. */
  initiate(request: PaymentRequest): Promise<Initiation>;
  /** The reference a return/callback claims to be about; not verified. */
  callbackReference(params: CallbackParams): string | undefined;
  /** Signature (where the gateway signs) → status look-up → amount and reference checks. */
  verifyCallback(payment: PaymentRecord, params: CallbackParams): Promise<Verification>;
  /** The gateway's status look-up alone, with the same amount and reference checks. */
  lookup(payment: PaymentRecord): Promise<Verification>;
  /**
   * Gives a captured payment back in full through the gateway's refund API, where the gateway
   * documents one (Khalti); absent: refunds are made by hand from the merchant panel.
   */
  refund?(payment: RefundRequest): Promise<RefundResult>;
}

/** A gateway refused to start a payment, or did not answer. */
export class GatewayError extends Error {
  constructor(
    readonly gateway: GatewayName,
    reason: string,
  ) {
    super(`${gateway}: ${reason}`);
    this.name = 'GatewayError';
  }
}

export const rejected = (reason: string): Verification => ({ verdict: 'rejected', reason });
/** The gateway's look-up did not answer, or not usably: nothing is known about the payment yet. */
export const lookupFailed = (reason: string): Verification => ({
  verdict: 'rejected',
  reason,
  lookupFailed: true,
});

/** The gateways a payment may go through, by name (a brand's, or the deployment's). */
export type GatewaySet = Partial<Record<GatewayName, PaymentGateway>>;
