import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { paisaFromInteger } from './amounts';
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

export interface ConnectipsConfig {
  /** e.g. https://uat.connectips.com (test) or https://login.connectips.com. */
  baseUrl: string;
  merchantId: string;
  appId: string;
  appName: string;
  /** HTTP Basic password of validatetxn (the user is the APPID). */
  password: string;
  /** The merchant's RSA private key, PEM, that signs every TOKEN. */
  privateKeyPem: string;
  /** The return URLs registered with ConnectIPS; it appends `?TXNID=…`. */
  successUrl: string;
  failureUrl: string;
  timeoutMs: number;
}

export const CONNECTIPS_FORM_PATH = '/connectipswebgw/loginpage';
export const CONNECTIPS_VALIDATE_PATH = '/connectipswebws/api/creditor/validatetxn';

/** The form fields in the order the TOKEN signs them; TOKEN itself is signed as `TOKEN=TOKEN`. */
export const CONNECTIPS_FORM_FIELDS = [
  'MERCHANTID',
  'APPID',
  'APPNAME',
  'TXNID',
  'TXNDATE',
  'TXNCRNCY',
  'TXNAMT',
  'REFERENCEID',
  'REMARKS',
  'PARTICULARS',
  'TOKEN',
] as const;
export const CONNECTIPS_VALIDATE_FIELDS = ['MERCHANTID', 'APPID', 'REFERENCEID', 'TXNAMT'] as const;

/** The string a TOKEN signs: `NAME=value` of each field, in order, joined by commas. */
export function connectipsMessage(fields: Record<string, string>, names: readonly string[]): string {
  return names.map((name) => `${name}=${name === 'TOKEN' ? 'TOKEN' : (fields[name] ?? '')}`).join(',');
}

/** SHA256withRSA over the message with the merchant's private key, base64. */
export function connectipsToken(message: string, privateKey: string | KeyObject): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

export function hasValidConnectipsToken(message: string, token: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKey, token, 'base64');
  } catch {
    return false;
  }
}

/** DD-MM-YYYY in Nepal. */
export function connectipsDate(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kathmandu',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}

const validateAnswer = z.object({
  referenceId: z.string(),
  txnAmt: z.union([z.string(), z.number()]),
  status: z.string(),
  statusDesc: z.string().nullish(),
});

/** ConnectIPS: an RSA-signed form POST, a return with TXNID only, and validatetxn as the truth. */
export class ConnectipsGateway implements PaymentGateway {
  readonly name = 'connectips' as const;

  constructor(private readonly config: ConnectipsConfig) {}

  async initiate(request: PaymentRequest): Promise<Initiation> {
    const fields: Record<string, string> = {
      MERCHANTID: this.config.merchantId,
      APPID: this.config.appId,
      APPNAME: this.config.appName,
      TXNID: request.reference,
      TXNDATE: connectipsDate(new Date()),
      TXNCRNCY: 'NPR',
      TXNAMT: String(request.amountPaisa),
      REFERENCEID: request.reference,
      REMARKS: request.orderName.slice(0, 50),
      PARTICULARS: request.orderName.slice(0, 100),
    };
    fields.TOKEN = connectipsToken(
      connectipsMessage(fields, CONNECTIPS_FORM_FIELDS),
      this.config.privateKeyPem,
    );
    return {
      action: { kind: 'form', method: 'POST', url: this.config.baseUrl + CONNECTIPS_FORM_PATH, fields },
    };
  }

  callbackReference(params: CallbackParams): string | undefined {
    return params.TXNID;
  }

  async verifyCallback(payment: PaymentRecord, params: CallbackParams): Promise<Verification> {
    if (params.TXNID !== payment.reference) return rejected('the callback names another transaction');
    return this.lookup(payment);
  }

  async lookup(payment: PaymentRecord): Promise<Verification> {
    const { merchantId, appId, password } = this.config;
    const txnAmt = String(payment.amountPaisa);
    const signed = { MERCHANTID: merchantId, APPID: appId, REFERENCEID: payment.reference, TXNAMT: txnAmt };
    const body = {
      merchantId: /^\d+$/.test(merchantId) ? Number(merchantId) : merchantId,
      appId,
      referenceId: payment.reference,
      txnAmt,
      token: connectipsToken(
        connectipsMessage(signed, CONNECTIPS_VALIDATE_FIELDS),
        this.config.privateKeyPem,
      ),
    };
    const call = await callGateway(
      this.config.baseUrl + CONNECTIPS_VALIDATE_PATH,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${appId}:${password}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      },
      this.config.timeoutMs,
    );
    if (!call.ok) return lookupFailed(call.reason);
    const parsed = validateAnswer.safeParse(call.answer.json);
    if (call.answer.status !== 200 || !parsed.success) return lookupFailed(unexpectedAnswer(call.answer));
    const answer = parsed.data;
    const description = answer.statusDesc ? ` (${answer.statusDesc})` : '';
    if (answer.status === 'FAILED') {
      return {
        verdict: 'unpaid',
        status: 'failed',
        reason: `ConnectIPS reports the payment failed${description}`,
      };
    }
    if (answer.status !== 'SUCCESS') return rejected(`ConnectIPS answered ${answer.status}${description}`);
    if (answer.referenceId !== payment.reference) return rejected('the validation names another transaction');
    if (paisaFromInteger(answer.txnAmt) !== payment.amountPaisa)
      return rejected('the validation names another amount');
    return { verdict: 'paid', gatewayReference: answer.referenceId, payload: answer };
  }
}
