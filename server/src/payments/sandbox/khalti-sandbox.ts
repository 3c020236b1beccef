import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { KHALTI_INITIATE_PATH, KHALTI_LOOKUP_PATH, KHALTI_MINIMUM_PAISA, type KhaltiConfig } from '../khalti';
import { brandMerchants } from './brand-merchants';
import { registerCheckout } from './checkout';
import {
  findSandboxPayment,
  recordSandboxPayment,
  type SandboxPayment,
  settleSandboxPayment,
  withQuery,
} from './store';

const MERCHANT = 'khalti-sandbox-merchant';
const LIFETIME_SECONDS = 3600;

const initiateBody = z.object({
  return_url: z.url(),
  website_url: z.url(),
  amount: z
    .number()
    .int()
    .min(KHALTI_MINIMUM_PAISA, `Amount should be greater than Rs. 10, that is 1000 paisa.`),
  purchase_order_id: z.string().min(1).max(100),
  purchase_order_name: z.string().min(1).max(255),
  amount_breakdown: z.array(z.object({ label: z.string(), amount: z.number().int() })).optional(),
});

const lookupBody = z.object({ pidx: z.string().min(1) });
/** Full refund: nothing (wallet) or `mobile` (bank); partial: `amount` in paisa too. */
const refundBody = z
  .object({ mobile: z.string().max(20).optional(), amount: z.number().int().positive().optional() })
  .optional();
const REFUNDED = new Set(['Refunded', 'Partially Refunded']);

/** Khalti's field errors: `{ field: [message], error_key: "validation_error" }`. */
function validationError(reply: FastifyReply, issues: z.core.$ZodIssue[]) {
  const fields = Object.fromEntries(
    issues.map((issue) => [issue.path.join('.') || 'detail', [issue.message]]),
  );
  return reply.code(400).send({ ...fields, error_key: 'validation_error' });
}

/** The status a look-up reports, with an unpaid payment past its lifetime reported as expired. */
function currentStatus(payment: SandboxPayment): string {
  const expired = payment.expiresAt !== null && payment.expiresAt.getTime() < Date.now();
  return payment.status === 'Initiated' && expired ? 'Expired' : payment.status;
}

/** Khalti KPG-2 as its documentation describes it: initiate, the payment page, the return, look-up. */
export async function khaltiSandbox(app: FastifyInstance, config: KhaltiConfig): Promise<void> {
  /** The merchant a secret key belongs to: the deployment's, or a brand's saved one. */
  const merchantOf = async (authorization: string | undefined) => {
    if (authorization === `Key ${config.secretKey}`) return MERCHANT;
    const brand = (await brandMerchants(app, 'khalti')).find(
      (saved) => authorization === `Key ${saved.secrets.secretKey}`,
    );
    return brand && `${MERCHANT}-${brand.brandId}`;
  };
  const merchants = new WeakMap<FastifyRequest, string>();
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.includes('/api/v2/') && !request.url.includes('/api/merchant-transaction/')) return;
    const merchant = await merchantOf(request.headers.authorization);
    if (!merchant) return reply.code(401).send({ detail: 'Invalid token.', status_code: 401 });
    merchants.set(request, merchant);
  });

  registerCheckout(app, {
    gateway: 'khalti',
    label: 'Khalti',
    statuses: { waiting: 'Initiated', paid: 'Completed', cancelled: 'User canceled' },
    payerLabel: 'Khalti ID (test IDs 9800000000 to 9800000005)',
    payerValue: '9800000000',
    returnUrl: (payment, payer) => {
      const paid = payment.status === 'Completed';
      return withQuery(payment.request.return_url ?? '', {
        pidx: payment.id,
        transaction_id: paid ? (payment.transactionCode ?? '') : '',
        tidx: paid ? (payment.transactionCode ?? '') : '',
        amount: String(payment.amountPaisa),
        total_amount: String(payment.amountPaisa),
        mobile: paid ? payer : '',
        status: payment.status,
        purchase_order_id: payment.reference,
        purchase_order_name: payment.request.orderName ?? '',
      });
    },
  });

  app.post(KHALTI_INITIATE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const parsed = initiateBody.safeParse(request.body);
    if (!parsed.success) return validationError(reply, parsed.error.issues);
    const body = parsed.data;
    const breakdown = body.amount_breakdown?.reduce((sum, part) => sum + part.amount, 0);
    if (breakdown !== undefined && breakdown !== body.amount) {
      return reply
        .code(400)
        .send({ amount: ['Amount breakdown must add up to the amount.'], error_key: 'validation_error' });
    }
    const payment = await recordSandboxPayment(app.db, {
      gateway: 'khalti',
      merchant: merchants.get(request) ?? MERCHANT,
      reference: body.purchase_order_id,
      amountPaisa: body.amount,
      status: 'Initiated',
      request: {
        return_url: body.return_url,
        website_url: body.website_url,
        orderName: body.purchase_order_name,
      },
      expiresAt: new Date(Date.now() + LIFETIME_SECONDS * 1000),
    });
    if (payment.amountPaisa !== body.amount || currentStatus(payment) !== 'Initiated') {
      return reply.code(400).send({
        purchase_order_id: ['This purchase order id has been used.'],
        error_key: 'validation_error',
      });
    }
    return {
      pidx: payment.id,
      payment_url: `${request.protocol}://${request.host}${app.prefix}/pay/${payment.id}`,
      expires_at: payment.expiresAt?.toISOString(),
      expires_in: Math.max(0, Math.round(((payment.expiresAt?.getTime() ?? 0) - Date.now()) / 1000)),
    };
  });

  app.post(KHALTI_LOOKUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const parsed = lookupBody.safeParse(request.body);
    if (!parsed.success) return validationError(reply, parsed.error.issues);
    const payment = await findSandboxPayment(app.db, 'khalti', { id: parsed.data.pidx });
    // Another merchant's payment is not there for this key.
    if (!payment || payment.merchant !== merchants.get(request))
      return reply.code(404).send({ detail: 'Not found.', error_key: 'validation_error' });
    const status = currentStatus(payment);
    return reply.code(status === 'Expired' || status === 'User canceled' ? 400 : 200).send({
      pidx: payment.id,
      total_amount: payment.amountPaisa,
      status,
      transaction_id: payment.transactionCode,
      fee: 0,
      refunded: REFUNDED.has(status),
    });
  });

  app.post(
    '/api/merchant-transaction/:transactionId/refund/',
    { schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { transactionId: string } }>, reply) => {
      const parsed = refundBody.safeParse(request.body ?? undefined);
      if (!parsed.success) return validationError(reply, parsed.error.issues);
      // The path is KHALTI_REFUND_PATH's.
      const payment = await findSandboxPayment(app.db, 'khalti', {
        transactionCode: request.params.transactionId,
      });
      if (!payment || payment.merchant !== merchants.get(request))
        return reply.code(404).send({ detail: 'Transaction not found.', error_key: 'validation_error' });
      const amount = parsed.data?.amount ?? payment.amountPaisa;
      if (amount > payment.amountPaisa)
        return reply.code(400).send({ detail: 'Refund amount exceeds the transaction amount.' });
      const partial = amount < payment.amountPaisa;
      const refunded = await settleSandboxPayment(
        app.db,
        payment,
        'Completed',
        partial ? 'Partially Refunded' : 'Refunded',
        payment.transactionCode,
      );
      if (!refunded) return reply.code(400).send({ detail: `The transaction is ${payment.status}.` });
      return { detail: 'Transaction refund successful.' };
    },
  );
}
