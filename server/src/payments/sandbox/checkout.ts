import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { GatewayName } from '../gateway';
import { checkoutPage, messagePage } from './page';
import { findSandboxPayment, type SandboxPayment, sandboxId, settleSandboxPayment } from './store';

export interface CheckoutOptions {
  gateway: GatewayName;
  /** The gateway's name as people know it. */
  label: string;
  /** The gateway's own status words for a payment waiting, paid, and cancelled. */
  statuses: { waiting: string; paid: string; cancelled: string };
  payerLabel: string;
  payerValue: string;
  /** Where the payer goes after deciding, exactly as the gateway would send them. */
  returnUrl(payment: SandboxPayment, payer: string): string | Promise<string>;
}

const CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'";

const decisionBody = z.object({ decision: z.enum(['pay', 'cancel']), payer: z.string().max(64).optional() });
const idParams = z.object({ id: z.string().min(1).max(64) });

/** The pages between the merchant's hand-off and the return: GET shows the payment, POST decides. */
export function registerCheckout(app: FastifyInstance, options: CheckoutOptions): void {
  const { label, statuses } = options;
  const payPath = (id: string) => `${app.prefix}/pay/${encodeURIComponent(id)}`;

  app.get('/pay/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const payment = await findSandboxPayment(app.db, options.gateway, { id });
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Pay and Cancel redirect to the merchant's return URL, which may be another host.
      .header('content-security-policy', CHECKOUT_CSP);
    if (!payment)
      return reply.code(404).send(messagePage(label, 'Payment not found', 'There is no such payment.'));
    if (payment.status !== statuses.waiting) {
      return reply.send(messagePage(label, 'Payment already settled', `This payment is ${payment.status}.`));
    }
    return reply.send(
      checkoutPage({
        gateway: label,
        merchant: payment.merchant,
        order: payment.request.orderName ?? payment.reference,
        reference: payment.reference,
        amountPaisa: payment.amountPaisa,
        action: payPath(payment.id),
        payerLabel: options.payerLabel,
        payerValue: options.payerValue,
      }),
    );
  });

  app.post('/pay/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const body = decisionBody.safeParse(request.body);
    reply.type('text/html; charset=utf-8');
    if (!body.success)
      return reply.code(400).send(messagePage(label, 'Bad request', 'Choose Pay or Cancel.'));
    const payment = await findSandboxPayment(app.db, options.gateway, { id });
    if (!payment)
      return reply.code(404).send(messagePage(label, 'Payment not found', 'There is no such payment.'));
    const pay = body.data.decision === 'pay';
    const settled = await settleSandboxPayment(
      app.db,
      payment,
      statuses.waiting,
      pay ? statuses.paid : statuses.cancelled,
      pay ? sandboxId(10).toUpperCase() : null,
    );
    if (!settled)
      return reply.code(409).send(messagePage(label, 'Payment already settled', 'Nothing changed.'));
    return reply.redirect(await options.returnUrl(settled, body.data.payer ?? ''), 303);
  });
}

/** Sends the payer from the merchant's hand-off to the checkout page. */
export function redirectToCheckout(app: FastifyInstance, payment: SandboxPayment, reply: FastifyReply) {
  return reply.redirect(`${app.prefix}/pay/${encodeURIComponent(payment.id)}`, 303);
}

/** The gateway's answer to a bad hand-off form: a 400 page saying what is wrong. */
export function refuseHandOff(reply: FastifyReply, label: string, message: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(messagePage(label, 'Payment refused', message));
}

/** Reads a hand-off form, or says which fields are invalid. */
export function readHandOff<T>(schema: z.ZodType<T>, body: unknown): { form: T } | { problem: string } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { form: parsed.data };
  return {
    problem: `Invalid field: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}.`,
  };
}
