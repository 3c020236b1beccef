import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { paisaFromRupees, rupeesFromPaisa } from './amounts';
import {
  type CallbackParams,
  type Initiation,
  lookupFailed,
  type PaymentGateway,
  type PaymentRecord,
  type PaymentRequest,
  rejected,
  type Verification,
} from './gateway';
import { callGateway, unexpectedAnswer } from './http-client';

export interface EsewaConfig {
  /** Host of the ePay v2 form, e.g. https://rc-epay.esewa.com.np (test) or https://epay.esewa.com.np. */
  formBaseUrl: string;
  /** Host of the status check, e.g. https://rc.esewa.com.np (test) or https://epay.esewa.com.np. */
  statusBaseUrl: string;
  productCode: string;
  secretKey: string;
  timeoutMs: number;
}

export const ESEWA_FORM_PATH = '/api/epay/main/v2/form';
export const ESEWA_STATUS_PATH = '/api/epay/transaction/status/';
export const ESEWA_SIGNED_FIELD_NAMES = 'total_amount,transaction_uuid,product_code';

/** HMAC-SHA256, base64, over `name=value` of each signed field, in order, joined by commas. */
export function esewaSignature(fields: Record<string, unknown>, signedFieldNames: string, secret: string) {
  const message = signedFieldNames
    .split(',')
    .map((name) => `${name}=${String(fields[name] ?? '')}`)
    .join(',');
  return createHmac('sha256', secret).update(message).digest('base64');
}

/** Whether `fields.signature` signs `fields.signed_field_names`, which must cover the payment's identity. */
export function hasValidEsewaSignature(fields: Record<string, unknown>, secret: string): boolean {
  const names = fields.signed_field_names;
  const signature = fields.signature;
  if (typeof names !== 'string' || typeof signature !== 'string') return false;
  const covered = new Set(names.split(','));
  if (!ESEWA_SIGNED_FIELD_NAMES.split(',').every((name) => covered.has(name))) return false;
  const expected = Buffer.from(esewaSignature(fields, names, secret));
  const received = Buffer.from(signature);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/** A JSON number as JSON writes it: the text eSewa signed, which `String(Number(…))` may not give back. */
const JSON_NUMBER = /"((?:[^"\\]|\\.)*)"\s*:\s*(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*[,}]/g;

/**
 * The success redirect's `data`: base64 of a flat JSON object. eSewa sends `total_amount` as a
 * string ("1000.0") in its documentation and as a number in its SDKs; each value is kept as the
 * text that was sent (a number's own digits, "1000.0" stays "1000.0"), since the signature covers
 * that text. Anything but a flat object of strings and numbers is refused.
 */
export function decodeEsewaData(data: string | undefined): Record<string, string> | undefined {
  if (!data) return undefined;
  try {
    const text = Buffer.from(data, 'base64').toString();
    const parsed = z.record(z.string(), z.union([z.string(), z.number()])).safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    const numberTexts = new Map<string, string>();
    for (const [, key, digits] of text.matchAll(JSON_NUMBER)) {
      if (key !== undefined && digits !== undefined) numberTexts.set(JSON.parse(`"${key}"`), digits);
    }
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed.data)) {
      const raw = typeof value === 'number' ? numberTexts.get(key) : value;
      if (raw === undefined) return undefined;
      fields[key] = raw;
    }
    return fields;
  } catch {
    return undefined;
  }
}

const statusAnswer = z.object({
  status: z.string(),
  transaction_uuid: z.string(),
  total_amount: z.union([z.number(), z.string()]),
  product_code: z.string().optional(),
  ref_id: z.string().nullish(),
});

const UNPAID_STATUSES: Record<string, { status: 'pending' | 'failed' | 'cancelled'; reason: string }> = {
  PENDING: { status: 'pending', reason: 'eSewa says the payment is pending' },
  AMBIGUOUS: { status: 'pending', reason: 'eSewa says the payment is ambiguous' },
  NOT_FOUND: { status: 'cancelled', reason: 'eSewa has no completed payment for this transaction' },
  CANCELED: { status: 'cancelled', reason: 'the payment was cancelled at eSewa' },
  FULL_REFUND: { status: 'failed', reason: 'eSewa refunded the payment in full' },
  PARTIAL_REFUND: { status: 'failed', reason: 'eSewa refunded part of the payment' },
};

/** eSewa ePay v2: a signed form POST, a signed base64 JSON return, and a status check. */
export class EsewaGateway implements PaymentGateway {
  readonly name = 'esewa' as const;

  constructor(private readonly config: EsewaConfig) {}

  async initiate(request: PaymentRequest): Promise<Initiation> {
    const total = rupeesFromPaisa(request.amountPaisa);
    const fields: Record<string, string> = {
      amount: total,
      tax_amount: '0',
      product_service_charge: '0',
      product_delivery_charge: '0',
      total_amount: total,
      transaction_uuid: request.reference,
      product_code: this.config.productCode,
      success_url: request.successUrl,
      failure_url: request.failureUrl,
      signed_field_names: ESEWA_SIGNED_FIELD_NAMES,
    };
    fields.signature = esewaSignature(fields, ESEWA_SIGNED_FIELD_NAMES, this.config.secretKey);
    return {
      action: { kind: 'form', method: 'POST', url: this.config.formBaseUrl + ESEWA_FORM_PATH, fields },
    };
  }

  callbackReference(params: CallbackParams): string | undefined {
    return decodeEsewaData(params.data)?.transaction_uuid;
  }

  async verifyCallback(payment: PaymentRecord, params: CallbackParams): Promise<Verification> {
    if (params.data !== undefined) {
      const data = decodeEsewaData(params.data);
      if (!data) return rejected('the eSewa data is not base64 JSON');
      if (!hasValidEsewaSignature(data, this.config.secretKey))
        return rejected('the eSewa signature does not match');
      const mismatch = this.mismatch(payment, data.transaction_uuid, data.total_amount, data.product_code);
      if (mismatch) return rejected(mismatch);
    }
    return this.lookup(payment);
  }

  async lookup(payment: PaymentRecord): Promise<Verification> {
    const query = new URLSearchParams({
      product_code: this.config.productCode,
      total_amount: rupeesFromPaisa(payment.amountPaisa),
      transaction_uuid: payment.reference,
    });
    const url = `${this.config.statusBaseUrl}${ESEWA_STATUS_PATH}?${query}`;
    const call = await callGateway(url, { method: 'GET' }, this.config.timeoutMs);
    if (!call.ok) return lookupFailed(call.reason);
    const parsed = statusAnswer.safeParse(call.answer.json);
    if (call.answer.status !== 200 || !parsed.success) return lookupFailed(unexpectedAnswer(call.answer));
    const answer = parsed.data;
    const unpaid = UNPAID_STATUSES[answer.status];
    if (unpaid) return { verdict: 'unpaid', ...unpaid };
    if (answer.status !== 'COMPLETE') return rejected(`eSewa answered the unknown status ${answer.status}`);
    const mismatch = this.mismatch(
      payment,
      answer.transaction_uuid,
      answer.total_amount,
      answer.product_code,
    );
    if (mismatch) return rejected(`the status check ${mismatch}`);
    return { verdict: 'paid', gatewayReference: answer.ref_id ?? '', payload: answer };
  }

  private mismatch(
    payment: PaymentRecord,
    reference: string | undefined,
    amount: unknown,
    productCode: string | undefined,
  ): string | undefined {
    if (productCode !== undefined && productCode !== this.config.productCode) return 'names another merchant';
    if (reference !== payment.reference) return 'names another transaction';
    if (paisaFromRupees(amount) !== payment.amountPaisa) return 'names another amount';
    return undefined;
  }
}
