import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema/index';
import { AppError, invalidFields } from '../../errors';
import { GatewayError, type PaymentAction, type PaymentGateway } from '../../payments/gateway';
import type { PaymentAttempt } from './record-verification';

export interface StartPaymentOptions {
  gateway: PaymentGateway;
  /** The order (booking) being paid. */
  orderId: string;
  /** Shown to the payer at the gateway, e.g. "Booking ABC123". */
  orderName: string;
  /** In paisa. */
  amountPaisa: number;
  /** The gateways here take NPR only. */
  currency?: string;
  /** Return addresses for this attempt; its reference lets the route find it when the gateway sends none. */
  callbackUrls: (reference: string) => { successUrl: string; failureUrl: string };
  /** The payer's site (the order's brand's), for gateways that want it (Khalti's website_url). */
  websiteUrl?: string;
}

export interface StartedPayment {
  attempt: PaymentAttempt;
  /** What the browser must do: post a form to the gateway or go to an address. */
  action: PaymentAction;
}

/**
 * Records a pending attempt, then registers it with the gateway where the protocol needs that.
 * The attempt exists before any gateway call, so a crash in between leaves something to reconcile.
 */
export async function startPayment(db: Db, options: StartPaymentOptions): Promise<StartedPayment> {
  const currency = options.currency ?? 'NPR';
  if (currency !== 'NPR') throw invalidFields({ currency: `${options.gateway.name} takes NPR only` });
  if (!Number.isSafeInteger(options.amountPaisa) || options.amountPaisa <= 0) {
    throw invalidFields({ amount: 'must be a positive whole number of paisa' });
  }
  if (options.amountPaisa < (options.gateway.minimumAmountPaisa ?? 1)) {
    throw invalidFields({
      amount: `${options.gateway.name} takes at least ${options.gateway.minimumAmountPaisa} paisa`,
    });
  }
  const [paid] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, options.orderId), eq(paymentAttempts.status, 'paid')));
  if (paid) throw new AppError('PAYMENT_ALREADY_PAID');

  const reference = randomBytes(10).toString('hex');
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      orderId: options.orderId,
      gateway: options.gateway.name,
      reference,
      amountPaisa: options.amountPaisa,
      currency,
    })
    .returning();
  if (!attempt) throw new Error('payment attempt not inserted');

  try {
    const { action, gatewayToken } = await options.gateway.initiate({
      reference,
      amountPaisa: options.amountPaisa,
      orderName: options.orderName,
      ...options.callbackUrls(reference),
      ...(options.websiteUrl ? { websiteUrl: options.websiteUrl } : {}),
    });
    if (!gatewayToken) return { attempt, action };
    const [registered] = await db
      .update(paymentAttempts)
      .set({ gatewayToken, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, attempt.id))
      .returning();
    return { attempt: registered ?? attempt, action };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await db
      .update(paymentAttempts)
      .set({ status: 'failed', failureReason: error.message, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, attempt.id));
    throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', undefined, undefined, { reason: error.message });
  }
}
