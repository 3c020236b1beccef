import { createPublicKey, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pemFromEnv } from '../../env';
import {
  CONNECTIPS_FORM_FIELDS,
  CONNECTIPS_FORM_PATH,
  CONNECTIPS_VALIDATE_FIELDS,
  CONNECTIPS_VALIDATE_PATH,
  type ConnectipsConfig,
  connectipsMessage,
  hasValidConnectipsToken,
} from '../connectips';
import { brandMerchants } from './brand-merchants';
import { readHandOff, redirectToCheckout, refuseHandOff, registerCheckout } from './checkout';
import { findSandboxPayment, recordSandboxPayment, withQuery } from './store';

const LABEL = 'connectIPS';

const formFields = z.object({
  MERCHANTID: z.string().min(1),
  APPID: z.string().min(1),
  APPNAME: z.string().min(1),
  TXNID: z.string().regex(/^[A-Za-z0-9-]{1,20}$/),
  TXNDATE: z.string().regex(/^\d{2}-\d{2}-\d{4}$/),
  TXNCRNCY: z.literal('NPR'),
  TXNAMT: z.string().regex(/^[1-9]\d{0,14}$/),
  REFERENCEID: z.string().min(1).max(20),
  REMARKS: z.string().max(50),
  PARTICULARS: z.string().max(100),
  TOKEN: z.string().min(1),
});

const validateBody = z.object({
  merchantId: z.union([z.string(), z.number()]).transform(String),
  appId: z.string(),
  referenceId: z.string(),
  txnAmt: z.union([z.string(), z.number()]).transform(String),
  token: z.string(),
});

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** ConnectIPS as its documentation describes it: the signed login form, the return, validatetxn. */
export async function connectipsSandbox(app: FastifyInstance, config: ConnectipsConfig): Promise<void> {
  const deployment = { ...config, publicKey: createPublicKey(config.privateKeyPem) };
  /** The merchants the sandbox knows: the deployment's, and each brand's saved account. */
  const merchants = async () => [
    deployment,
    ...(await brandMerchants(app, 'connectips')).map(({ settings, secrets }) => ({
      merchantId: settings.merchantId ?? '',
      appId: settings.appId ?? '',
      password: secrets.password ?? '',
      publicKey: createPublicKey(pemFromEnv(secrets.privateKeyPem ?? '')),
    })),
  ];
  const basicAuth = (merchant: { appId: string; password: string }) =>
    `Basic ${Buffer.from(`${merchant.appId}:${merchant.password}`).toString('base64')}`;

  registerCheckout(app, {
    gateway: 'connectips',
    label: LABEL,
    statuses: { waiting: 'PENDING', paid: 'SUCCESS', cancelled: 'FAILED' },
    payerLabel: 'Bank account (any test number)',
    payerValue: '0010100000001',
    returnUrl: (payment) =>
      withQuery(payment.status === 'SUCCESS' ? config.successUrl : config.failureUrl, {
        TXNID: payment.reference,
      }),
  });

  app.post(CONNECTIPS_FORM_PATH, { schema: { hide: true } }, async (request, reply) => {
    const refuse = (message: string) => refuseHandOff(reply, LABEL, message);
    const handOff = readHandOff(formFields, request.body);
    if ('problem' in handOff) return refuse(handOff.problem);
    const { form } = handOff;
    const merchant = (await merchants()).find(
      (known) => known.merchantId === form.MERCHANTID && known.appId === form.APPID,
    );
    if (!merchant) return refuse('Unknown merchant.');
    if (
      !hasValidConnectipsToken(
        connectipsMessage(form, CONNECTIPS_FORM_FIELDS),
        form.TOKEN,
        merchant.publicKey,
      )
    ) {
      return refuse('Invalid token.');
    }
    const amountPaisa = Number(form.TXNAMT);
    const payment = await recordSandboxPayment(app.db, {
      gateway: 'connectips',
      merchant: form.MERCHANTID,
      reference: form.TXNID,
      amountPaisa,
      status: 'PENDING',
      request: { ...form, orderName: form.REMARKS || form.TXNID },
    });
    if (payment.amountPaisa !== amountPaisa || payment.status !== 'PENDING') {
      return refuse('This TXNID has been used already.');
    }
    return redirectToCheckout(app, payment, reply);
  });

  app.post(CONNECTIPS_VALIDATE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const merchant = (await merchants()).find((known) =>
      sameText(request.headers.authorization ?? '', basicAuth(known)),
    );
    if (!merchant) return reply.code(401).send({ error: 'Unauthorized', status: 401 });
    const parsed = validateBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'Bad Request', status: 400 });
    const body = parsed.data;
    const answer = (status: string, statusDesc: string) => ({ ...body, status, statusDesc });
    const signed = {
      MERCHANTID: body.merchantId,
      APPID: body.appId,
      REFERENCEID: body.referenceId,
      TXNAMT: body.txnAmt,
    };
    if (body.merchantId !== merchant.merchantId || body.appId !== merchant.appId) {
      return answer('ERROR', 'Invalid merchant');
    }
    if (
      !hasValidConnectipsToken(
        connectipsMessage(signed, CONNECTIPS_VALIDATE_FIELDS),
        body.token,
        merchant.publicKey,
      )
    ) {
      return answer('ERROR', 'Invalid token');
    }
    const payment = await findSandboxPayment(app.db, 'connectips', {
      merchant: body.merchantId,
      reference: body.referenceId,
    });
    if (!payment) return answer('FAILED', 'Transaction not found');
    if (String(payment.amountPaisa) !== body.txnAmt) return answer('FAILED', 'Transaction amount mismatch');
    if (payment.status === 'SUCCESS') return answer('SUCCESS', 'Payment success');
    return answer('FAILED', payment.status === 'PENDING' ? 'Payment not completed' : 'Payment failed');
  });
}
