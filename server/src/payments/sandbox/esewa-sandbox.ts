import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ESEWA_TEST_PRODUCT_CODE, ESEWA_TEST_SECRET_KEY } from '../../env';
import { paisaFromRupees } from '../amounts';
import type { EsewaConfig } from '../esewa';
import { ESEWA_FORM_PATH, ESEWA_STATUS_PATH, esewaSignature, hasValidEsewaSignature } from '../esewa';
import { brandMerchants } from './brand-merchants';
import { readHandOff, redirectToCheckout, refuseHandOff, registerCheckout } from './checkout';
import { findSandboxPayment, recordSandboxPayment } from './store';

const LABEL = 'eSewa';
const RESPONSE_SIGNED_FIELD_NAMES =
  'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';

const rupees = z.string().refine((value) => paisaFromRupees(value) !== undefined, 'is not an amount');
const formFields = z.object({
  amount: rupees,
  tax_amount: rupees,
  product_service_charge: rupees,
  product_delivery_charge: rupees,
  total_amount: rupees,
  transaction_uuid: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
  product_code: z.string().min(1),
  success_url: z.url(),
  failure_url: z.url(),
  signed_field_names: z.string(),
  signature: z.string(),
});

const statusQuery = z.object({
  product_code: z.string(),
  total_amount: z.string(),
  transaction_uuid: z.string(),
});

/** "1000.0": how eSewa writes a total in its signed answer. */
function responseAmount(paisa: number): string {
  return (paisa / 100).toFixed(2).replace(/0$/, '');
}

/** eSewa ePay v2 as its documentation describes it: the form, the signed return, the status check. */
export async function esewaSandbox(app: FastifyInstance, config: EsewaConfig): Promise<void> {
  /** The accounts of a product code with their secrets: the public test merchant, the deployment's, brands'. */
  const accountsOf = async (productCode: string) => {
    const accounts = [
      { account: 'test', productCode: ESEWA_TEST_PRODUCT_CODE, secretKey: ESEWA_TEST_SECRET_KEY },
      { account: 'deployment', productCode: config.productCode, secretKey: config.secretKey },
      ...(await brandMerchants(app, 'esewa')).map((saved) => ({
        account: `brand:${saved.brandId}`,
        productCode: saved.settings.productCode,
        secretKey: saved.secrets.secretKey ?? '',
      })),
    ];
    return accounts.filter((account) => account.productCode === productCode);
  };

  registerCheckout(app, {
    gateway: 'esewa',
    label: LABEL,
    statuses: { waiting: 'PENDING', paid: 'COMPLETE', cancelled: 'CANCELED' },
    payerLabel: 'eSewa ID (test IDs 9806800001 to 9806800005)',
    payerValue: '9806800001',
    returnUrl: async (payment) => {
      if (payment.status !== 'COMPLETE') return payment.request.failure_url ?? '';
      const accounts = await accountsOf(payment.merchant);
      const account = accounts.find((candidate) => candidate.account === payment.request.account);
      const data: Record<string, string> = {
        transaction_code: payment.transactionCode ?? '',
        status: payment.status,
        total_amount: responseAmount(payment.amountPaisa),
        transaction_uuid: payment.reference,
        product_code: payment.merchant,
        signed_field_names: RESPONSE_SIGNED_FIELD_NAMES,
      };
      data.signature = esewaSignature(data, RESPONSE_SIGNED_FIELD_NAMES, account?.secretKey ?? '');
      const encoded = Buffer.from(JSON.stringify(data)).toString('base64');
      return `${payment.request.success_url}?data=${encoded}`;
    },
  });

  app.post(ESEWA_FORM_PATH, { schema: { hide: true } }, async (request, reply) => {
    const refuse = (message: string) => refuseHandOff(reply, LABEL, message);
    const handOff = readHandOff(formFields, request.body);
    if ('problem' in handOff) return refuse(handOff.problem);
    const { form } = handOff;
    const accounts = await accountsOf(form.product_code);
    if (!accounts.length) return refuse('Unknown product code.');
    const signer = accounts.find((candidate) => hasValidEsewaSignature(form, candidate.secretKey));
    if (!signer) return refuse('Invalid signature.');
    const parts = [form.amount, form.tax_amount, form.product_service_charge, form.product_delivery_charge];
    const total = paisaFromRupees(form.total_amount) ?? 0;
    if (parts.reduce((sum, part) => sum + (paisaFromRupees(part) ?? 0), 0) !== total || total <= 0) {
      return refuse('total_amount must be the sum of the amount, tax and charges.');
    }
    const payment = await recordSandboxPayment(app.db, {
      gateway: 'esewa',
      merchant: form.product_code,
      reference: form.transaction_uuid,
      amountPaisa: total,
      status: 'PENDING',
      // Which account signed: its secret signs the return.
      request: { ...form, orderName: form.transaction_uuid, account: signer.account },
    });
    if (payment.amountPaisa !== total || payment.status !== 'PENDING') {
      return refuse('This transaction_uuid has been used already.');
    }
    return redirectToCheckout(app, payment, reply);
  });

  app.get(ESEWA_STATUS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const query = statusQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ code: 0, error_message: 'Invalid request' });
    const { product_code, total_amount, transaction_uuid } = query.data;
    const payment = await findSandboxPayment(app.db, 'esewa', {
      merchant: product_code,
      reference: transaction_uuid,
    });
    const found = payment && payment.amountPaisa === paisaFromRupees(total_amount);
    return {
      product_code,
      transaction_uuid,
      total_amount: Number(responseAmount(found ? payment.amountPaisa : 0)),
      status: found ? payment.status : 'NOT_FOUND',
      ref_id: found ? payment.transactionCode : null,
    };
  });
}
