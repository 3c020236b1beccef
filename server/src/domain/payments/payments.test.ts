import { generateKeyPairSync } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema/index';
import { AppError } from '../../errors';
import { createGateways, withGatewayHost } from '../../payments/config';
import { decodeEsewaData, esewaSignature } from '../../payments/esewa';
import type { GatewayName, PaymentGateway } from '../../payments/gateway';
import {
  createSandboxTestApp,
  payInSandbox,
  queryOf,
  type SandboxTestApp,
  startFakeGateway,
} from '../../test/payment-sandbox';
import { settleBookingPayment } from '../bookings/settle-payment/settle-booking-payment';
import { settlePendingPayments } from '../bookings/settle-payment/settle-pending-payments';
import { markAttemptPaid } from './record-verification';
import { startPayment } from './start-payment';
import { type GatewayReturn, verifyGatewayReturn } from './verify-gateway-return';

let t: SandboxTestApp;
beforeAll(async () => {
  t = await createSandboxTestApp();
});
afterAll(() => t.close());

let orders = 0;
async function start(gateway: PaymentGateway, amountPaisa = 250_000) {
  const orderId = `ORDER${++orders}`;
  const started = await startPayment(t.app.db, {
    gateway,
    orderId,
    orderName: `Booking ${orderId}`,
    amountPaisa,
    callbackUrls: (reference) => ({
      successUrl: `${t.origin}/payments/${gateway.name}/${reference}/success`,
      failureUrl: `${t.origin}/payments/${gateway.name}/${reference}/failure`,
    }),
  });
  return { ...started, orderId };
}

/** The params the route would hand over: the return URL's query, and the reference its path carries. */
function callbackOf(returnUrl: URL) {
  const reference = /\/payments\/\w+\/(?!return\/)(\w+)\//.exec(returnUrl.pathname)?.[1];
  return { params: queryOf(returnUrl), ...(reference ? { reference } : {}) };
}

async function attemptsOf(orderId: string) {
  return t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
}

async function expectNotVerified(promise: Promise<unknown>, reason: RegExp) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('PAYMENT_NOT_VERIFIED');
  expect((error as AppError).details?.reason).toMatch(reason);
}

function gatewayAt(name: GatewayName, origin: string): PaymentGateway {
  return createGateways(withGatewayHost(t.app.payments.config, origin, 300))[name];
}

describe.each(['esewa', 'khalti', 'connectips'] as const)('%s through its sandbox', (name) => {
  const gateway = () => t.gateways[name];

  it('initiate → pay → callback → verified paid, and a replay changes nothing', async () => {
    const { attempt, action, orderId } = await start(gateway());
    const returned = await payInSandbox(action, 'pay');
    const outcome = await settleGatewayReturn(t.app.db, {
      gateway: gateway(),
      ...callbackOf(returned),
    });
    expect(outcome.changed).toBe(true);
    expect(outcome.attempt).toMatchObject({ id: attempt.id, status: 'paid', amountPaisa: 250_000 });
    expect(outcome.attempt.gatewayReference).toBeTruthy();
    expect(outcome.attempt.verifiedPayload).toBeTruthy();

    const replay = await settleGatewayReturn(t.app.db, {
      gateway: gateway(),
      ...callbackOf(returned),
    });
    expect(replay.changed).toBe(false);
    expect(replay.attempt.paidAt).toEqual(outcome.attempt.paidAt);
    expect((await attemptsOf(orderId)).map((a) => a.status)).toEqual(['paid']);
    const again = startPayment(t.app.db, {
      gateway: gateway(),
      orderId,
      orderName: 'again',
      amountPaisa: 250_000,
      callbackUrls: () => ({ successUrl: t.origin, failureUrl: t.origin }),
    });
    await expect(again).rejects.toMatchObject({ code: 'PAYMENT_ALREADY_PAID' });
  });

  it('cancel → cancelled, never paid', async () => {
    const { action, orderId } = await start(gateway());
    const returned = await payInSandbox(action, 'cancel');
    const outcome = await settleGatewayReturn(t.app.db, {
      gateway: gateway(),
      ...callbackOf(returned),
    });
    // ConnectIPS's validatetxn says FAILED for a cancelled payment too.
    const notPaid = name === 'connectips' ? 'failed' : 'cancelled';
    expect(outcome.attempt.status).toBe(notPaid);
    expect((await attemptsOf(orderId)).map((a) => a.status)).toEqual([notPaid]);
  });

  it('a gateway that never answers, answers garbage or answers 500 → not verified, nothing paid', async () => {
    const { action, attempt } = await start(gateway());
    const returned = await payInSandbox(action, 'pay');
    for (const mode of ['silent', 'garbage', 'error'] as const) {
      const fake = await startFakeGateway(mode);
      try {
        await expectNotVerified(
          settleGatewayReturn(t.app.db, {
            gateway: gatewayAt(name, fake.origin),
            ...callbackOf(returned),
          }),
          { silent: /did not answer/, garbage: /not JSON/, error: /HTTP 500/ }[mode],
        );
      } finally {
        await fake.close();
      }
    }
    const [row] = await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
    expect(row?.status).toBe('pending');
  });

  it('reconcile turns a paid attempt whose payer never came back into paid', async () => {
    const { action, attempt } = await start(gateway());
    await payInSandbox(action, 'pay');
    const young = await settlePendingPayments(t.app.db, {
      gateways: t.gateways,
      jobs: t.app.jobs,
      olderThanMinutes: 5,
      publicUrl: t.app.env.PUBLIC_URL,
    });
    expect(young.paid).toBe(0);
    await t.app.db
      .update(paymentAttempts)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(paymentAttempts.id, attempt.id));
    const summary = await settlePendingPayments(t.app.db, {
      gateways: t.gateways,
      jobs: t.app.jobs,
      olderThanMinutes: 5,
      publicUrl: t.app.env.PUBLIC_URL,
    });
    expect(summary.paid).toBe(1);
    const again = await settlePendingPayments(t.app.db, {
      gateways: t.gateways,
      jobs: t.app.jobs,
      olderThanMinutes: 5,
      publicUrl: t.app.env.PUBLIC_URL,
    });
    expect(again.paid).toBe(0);
    const [row] = await t.app.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'paid')));
    expect(row).toBeDefined();
  });
});

/** What the return route does: verify, then settle as a booking's payment. */
async function settleGatewayReturn(db: Db, gatewayReturn: GatewayReturn) {
  const verified = await verifyGatewayReturn(db, gatewayReturn);
  return settleBookingPayment(db, {
    gateway: gatewayReturn.gateway,
    ...verified,
    links: { publicUrl: 'http://localhost' },
    jobs: t.app.jobs,
  });
}

describe('marking paid happens once', () => {
  it('two concurrent deliveries of the same callback change the attempt once', async () => {
    const { action, orderId } = await start(t.gateways.esewa);
    const callback = callbackOf(await payInSandbox(action, 'pay'));
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => settleGatewayReturn(t.app.db, { gateway: t.gateways.esewa, ...callback })),
    );
    expect(outcomes.filter((o) => o.changed)).toHaveLength(1);
    expect(outcomes.every((o) => o.attempt.status === 'paid')).toBe(true);
    expect((await attemptsOf(orderId)).map((a) => a.status)).toEqual(['paid']);
  });

  it("a failure in the order's part of the transaction leaves the attempt pending, to be completed by a retry", async () => {
    const { action, orderId } = await start(t.gateways.connectips);
    const callback = callbackOf(await payInSandbox(action, 'pay'));
    const { attempt, verification } = await verifyGatewayReturn(t.app.db, {
      gateway: t.gateways.connectips,
      ...callback,
    });
    if (verification.verdict !== 'paid') throw new Error('not paid in the sandbox');
    const failing = t.app.db.transaction(async (tx) => {
      await markAttemptPaid(tx, attempt, verification);
      throw new Error('booking crashed');
    });
    await expect(failing).rejects.toThrow('booking crashed');
    expect((await attemptsOf(orderId)).map((a) => a.status)).toEqual(['pending']);
    const retried = await settleGatewayReturn(t.app.db, {
      gateway: t.gateways.connectips,
      ...callback,
    });
    expect(retried).toMatchObject({ changed: true, attempt: { status: 'paid' } });
  });

  it('a second attempt paid for an order already paid is recorded in excess for a refund, never failed', async () => {
    const orderId = `ORDER${++orders}`;
    const options = {
      gateway: t.gateways.khalti,
      orderId,
      orderName: 'twice',
      amountPaisa: 5000,
      callbackUrls: () => ({ successUrl: `${t.origin}/r`, failureUrl: `${t.origin}/r` }),
    };
    const first = await startPayment(t.app.db, options);
    const second = await startPayment(t.app.db, options);
    const returns = [await payInSandbox(first.action, 'pay'), await payInSandbox(second.action, 'pay')];
    const complete = (returned: URL) =>
      settleGatewayReturn(t.app.db, { gateway: t.gateways.khalti, params: queryOf(returned) });
    const outcomes = [];
    for (const returned of returns) outcomes.push(await complete(returned));
    expect(outcomes.map((o) => o.attempt.status)).toEqual(['paid', 'excess']);
    expect(outcomes[1]?.reason).toMatch(/excess, to be refunded/);
    expect(outcomes[1]?.attempt).toMatchObject({
      amountPaisa: 5000,
      failureReason: expect.stringMatching(/excess/),
    });
    expect(outcomes[1]?.attempt.gatewayReference).toBeTruthy();
    expect(outcomes[1]?.attempt.paidAt).toBeInstanceOf(Date);
    expect(outcomes[1]?.attempt.reference).toBe(second.attempt.reference);
    // Replays of either return change nothing, and nothing is ever failed.
    for (const returned of returns) expect((await complete(returned)).changed).toBe(false);
    const statuses = (await attemptsOf(orderId)).map((a) => a.status).sort();
    expect(statuses).toEqual(['excess', 'paid']);
  });
});

describe('refunds through the gateway', () => {
  it('Khalti refunds a captured payment in full through its sandbox; a second refund is refused', async () => {
    const { action } = await start(t.gateways.khalti, 4000);
    const outcome = await settleGatewayReturn(t.app.db, {
      gateway: t.gateways.khalti,
      params: queryOf(await payInSandbox(action, 'pay')),
    });
    const paid = outcome.attempt;
    expect(paid.status).toBe('paid');
    const refund = t.gateways.khalti.refund?.bind(t.gateways.khalti);
    expect(refund).toBeDefined();
    expect(await refund?.(paid)).toEqual({
      outcome: 'refunded',
      payload: { detail: 'Transaction refund successful.' },
    });
    expect(await t.gateways.khalti.lookup(paid)).toMatchObject({ verdict: 'unpaid', status: 'failed' });
    expect(await refund?.(paid)).toMatchObject({ outcome: 'refused', reason: /HTTP 400/ });
    expect(await refund?.({ ...paid, gatewayReference: 'NOSUCHTXN' })).toMatchObject({
      outcome: 'refused',
      reason: /HTTP 404/,
    });
  });

  it('Khalti refunds only the key’s own payments, and an unanswered refund is not a refusal', async () => {
    const { action } = await start(t.gateways.khalti, 4000);
    const { attempt } = await settleGatewayReturn(t.app.db, {
      gateway: t.gateways.khalti,
      params: queryOf(await payInSandbox(action, 'pay')),
    });
    const config = withGatewayHost(t.app.payments.config, t.origin);
    const otherKey = createGateways({ ...config, khalti: { ...config.khalti, secretKey: 'wrong' } }).khalti;
    expect(await otherKey.refund?.(attempt)).toMatchObject({ outcome: 'unanswered', reason: /HTTP 401/ });
    const fake = await startFakeGateway('error');
    try {
      expect(await gatewayAt('khalti', fake.origin).refund?.(attempt)).toMatchObject({
        outcome: 'unanswered',
      });
    } finally {
      await fake.close();
    }
    expect(await t.gateways.khalti.refund?.(attempt)).toMatchObject({ outcome: 'refunded' });
  });

  it('eSewa and ConnectIPS have no refund API in their documentation: refunds are made by hand', () => {
    expect(t.gateways.esewa.refund).toBeUndefined();
    expect(t.gateways.connectips.refund).toBeUndefined();
  });
});

describe('eSewa returns that must not count', () => {
  const esewa = () => t.gateways.esewa;
  const SECRET = '8gBm/:&EnhH.1/q';
  const encode = (data: Record<string, string>) => Buffer.from(JSON.stringify(data)).toString('base64');
  const resign = (data: Record<string, string>) => ({
    ...data,
    signature: esewaSignature(data, data.signed_field_names ?? '', SECRET),
  });

  async function paidReturn() {
    const started = await start(esewa());
    const returned = await payInSandbox(started.action, 'pay');
    const data = decodeEsewaData(returned.searchParams.get('data') ?? '') ?? {};
    return { ...started, returned, data, reference: started.attempt.reference };
  }

  it('rejects a forged signature and a tampered amount, and marks nothing paid', async () => {
    const { data, reference, orderId } = await paidReturn();
    const forged = { ...data, signature: Buffer.alloc(32).toString('base64') };
    const tampered = { ...data, total_amount: '1.0' };
    for (const fake of [forged, tampered]) {
      await expectNotVerified(
        settleGatewayReturn(t.app.db, {
          gateway: esewa(),
          params: { data: encode(fake) },
          reference,
        }),
        /signature/,
      );
    }
    await expectNotVerified(
      settleGatewayReturn(t.app.db, { gateway: esewa(), params: { data: 'e30K!!' }, reference }),
      /signature|base64/,
    );
    await expectNotVerified(
      settleGatewayReturn(t.app.db, {
        gateway: esewa(),
        params: { data: encode(resign({ ...data, total_amount: '1.0' })) },
        reference,
      }),
      /another amount/,
    );
    expect((await attemptsOf(orderId)).map((a) => a.status)).toEqual(['pending']);
  });

  it("rejects one payment's return presented for another order", async () => {
    const paid = await paidReturn();
    const other = await start(esewa());
    await expectNotVerified(
      settleGatewayReturn(t.app.db, {
        gateway: esewa(),
        params: queryOf(paid.returned),
        reference: other.attempt.reference,
      }),
      /another transaction/,
    );
    expect((await attemptsOf(other.orderId)).map((a) => a.status)).not.toContain('paid');
  });

  it('does not trust a correctly signed COMPLETE that the status check does not confirm', async () => {
    const { attempt, orderId } = await start(esewa());
    const names = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';
    const data = resign({
      transaction_code: 'FAKE123',
      status: 'COMPLETE',
      total_amount: '2500.0',
      transaction_uuid: attempt.reference,
      product_code: 'EPAYTEST',
      signed_field_names: names,
    });
    const outcome = await settleGatewayReturn(t.app.db, {
      gateway: esewa(),
      params: { data: encode(data) },
    });
    expect(outcome.attempt.status).not.toBe('paid');
    expect((await attemptsOf(orderId)).map((a) => a.status)).not.toContain('paid');
  });
});

describe('Khalti returns that must not count', () => {
  const khalti = () => t.gateways.khalti;

  it('rejects a tampered amount, another payment’s pidx or order id; an unconfirmed "Completed" is not paid', async () => {
    const first = await start(khalti());
    const second = await start(khalti());
    const returned = queryOf(await payInSandbox(first.action, 'pay'));
    const attempts = [
      [{ ...returned, amount: '1000', total_amount: '1000' }, /another amount/],
      [{ ...returned, pidx: second.attempt.gatewayToken ?? '' }, /another Khalti payment/],
      [
        { ...returned, purchase_order_id: second.attempt.reference },
        /another Khalti payment|another transaction/,
      ],
    ] as const;
    for (const [params, reason] of attempts) {
      await expectNotVerified(
        settleGatewayReturn(t.app.db, {
          gateway: khalti(),
          params,
          reference: first.attempt.reference,
        }),
        reason,
      );
    }
    const forged = await settleGatewayReturn(t.app.db, {
      gateway: khalti(),
      params: {
        ...returned,
        pidx: second.attempt.gatewayToken ?? '',
        purchase_order_id: second.attempt.reference,
        status: 'Completed',
      },
    });
    expect(forged.attempt.status).toBe('pending');
    expect((await attemptsOf(first.orderId)).map((a) => a.status)).toEqual(['pending']);
    expect((await attemptsOf(second.orderId)).map((a) => a.status)).toEqual(['pending']);
  });

  it('refuses less than Rs 10 before asking Khalti, and a wrong secret key fails the start', async () => {
    await expect(start(khalti(), 999)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const config = withGatewayHost(t.app.payments.config, t.origin);
    const wrongKey = createGateways({ ...config, khalti: { ...config.khalti, secretKey: 'wrong' } }).khalti;
    const error = await start(wrongKey).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'PAYMENT_GATEWAY_UNAVAILABLE' });
    expect((error as AppError).details?.reason).toMatch(/HTTP 401/);
  });
});

describe('ConnectIPS returns that must not count', () => {
  const connectips = () => t.gateways.connectips;

  it('does not trust a TXNID the validation does not confirm, nor one sent to another attempt', async () => {
    const paid = await start(connectips());
    const unpaid = await start(connectips());
    const returned = queryOf(await payInSandbox(paid.action, 'pay'));
    await expectNotVerified(
      settleGatewayReturn(t.app.db, {
        gateway: connectips(),
        params: returned,
        reference: unpaid.attempt.reference,
      }),
      /another transaction/,
    );
    const forged = await settleGatewayReturn(t.app.db, {
      gateway: connectips(),
      params: { TXNID: unpaid.attempt.reference },
    });
    expect(forged.attempt.status).not.toBe('paid');
    expect((await attemptsOf(paid.orderId)).map((a) => a.status)).toEqual(['pending']);
  });

  it('is not verified with a wrong validatetxn password, and the sandbox refuses a TOKEN from another key', async () => {
    const config = withGatewayHost(t.app.payments.config, t.origin);
    const { action, attempt } = await start(connectips());
    await payInSandbox(action, 'pay');
    const wrongPassword = createGateways({
      ...config,
      connectips: { ...config.connectips, password: 'nope' },
    });
    await expectNotVerified(
      settleGatewayReturn(t.app.db, {
        gateway: wrongPassword.connectips,
        params: { TXNID: attempt.reference },
      }),
      /HTTP 401/,
    );

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const impostor = createGateways({
      ...config,
      connectips: { ...config.connectips, privateKeyPem: otherKey },
    });
    const started = await start(impostor.connectips);
    await expect(payInSandbox(started.action, 'pay')).rejects.toThrow(/Invalid token/);
  });
});
