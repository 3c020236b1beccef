import { z } from 'zod';
import { paisaFromInteger } from './amounts';
import {
  type CallbackParams,
  GatewayError,
  type Initiation,
  lookupFailed,
  type PaymentGateway,
  type PaymentRecord,
  type PaymentRequest,
  rejected,
  type Verification,
} from './gateway';
import { callGateway, unexpectedAnswer } from './http-client';

export interface KhaltiConfig {
  /** e.g. https://dev.khalti.com (test) or https://khalti.com; the API lives under /api/v2/. */
  baseUrl: string;
  secretKey: string;
  /** The merchant's site, sent as website_url when the payment names none (PUBLIC_URL). */
  websiteUrl: string;
  timeoutMs: number;
}

export const KHALTI_INITIATE_PATH = '/api/v2/epayment/initiate/';
export const KHALTI_LOOKUP_PATH = '/api/v2/epayment/lookup/';
/** Khalti refuses less than Rs 10. */
export const KHALTI_MINIMUM_PAISA = 1000;

const initiateAnswer = z.object({
  pidx: z.string().min(1),
  payment_url: z.url(),
  expires_at: z.string().optional(),
  expires_in: z.number().optional(),
});

const lookupAnswer = z.object({
  pidx: z.string(),
  total_amount: z.number().int(),
  status: z.string(),
  transaction_id: z.string().nullish(),
  fee: z.number().optional(),
  refunded: z.boolean().optional(),
});

const UNPAID_STATUSES: Record<string, { status: 'pending' | 'failed' | 'cancelled'; reason: string }> = {
  Pending: { status: 'pending', reason: 'Khalti says the payment is pending' },
  Initiated: { status: 'pending', reason: 'the payment has not been made at Khalti yet' },
  'User canceled': { status: 'cancelled', reason: 'the payer cancelled at Khalti' },
  Expired: { status: 'cancelled', reason: 'the Khalti payment expired' },
  Refunded: { status: 'failed', reason: 'Khalti refunded the payment' },
  'Partially Refunded': { status: 'failed', reason: 'Khalti refunded part of the payment' },
};
/** Khalti answers these two with HTTP 400 and the usual body. */
const STATUSES_ANSWERED_WITH_400 = new Set(['Expired', 'User canceled']);

/** Khalti KPG-2: server-side initiate, a redirect, an unsigned return, and the authoritative look-up. */
export class KhaltiGateway implements PaymentGateway {
  readonly name = 'khalti' as const;
  readonly minimumAmountPaisa = KHALTI_MINIMUM_PAISA;

  constructor(private readonly config: KhaltiConfig) {}

  private post(path: string, body: unknown) {
    return callGateway(
      this.config.baseUrl + path,
      {
        method: 'POST',
        headers: { authorization: `Key ${this.config.secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      this.config.timeoutMs,
    );
  }

  async initiate(request: PaymentRequest): Promise<Initiation> {
    const call = await this.post(KHALTI_INITIATE_PATH, {
      return_url: request.successUrl,
      website_url: request.websiteUrl ?? this.config.websiteUrl,
      amount: request.amountPaisa,
      purchase_order_id: request.reference,
      purchase_order_name: request.orderName,
    });
    if (!call.ok) throw new GatewayError(this.name, call.reason);
    const answer = initiateAnswer.safeParse(call.answer.json);
    if (call.answer.status !== 200 || !answer.success) {
      throw new GatewayError(
        this.name,
        `${unexpectedAnswer(call.answer)}: ${JSON.stringify(call.answer.json)}`,
      );
    }
    return { action: { kind: 'redirect', url: answer.data.payment_url }, gatewayToken: answer.data.pidx };
  }

  callbackReference(params: CallbackParams): string | undefined {
    return params.purchase_order_id;
  }

  async verifyCallback(payment: PaymentRecord, params: CallbackParams): Promise<Verification> {
    if (params.pidx !== payment.gatewayToken) return rejected('the callback names another Khalti payment');
    if (params.purchase_order_id !== undefined && params.purchase_order_id !== payment.reference) {
      return rejected('the callback names another transaction');
    }
    for (const amount of [params.amount, params.total_amount]) {
      if (amount !== undefined && paisaFromInteger(amount) !== payment.amountPaisa) {
        return rejected('the callback names another amount');
      }
    }
    return this.lookup(payment);
  }

  async lookup(payment: PaymentRecord): Promise<Verification> {
    if (!payment.gatewayToken) {
      return { verdict: 'unpaid', status: 'failed', reason: 'the payment was never registered with Khalti' };
    }
    const call = await this.post(KHALTI_LOOKUP_PATH, { pidx: payment.gatewayToken });
    if (!call.ok) return lookupFailed(call.reason);
    const parsed = lookupAnswer.safeParse(call.answer.json);
    const status = call.answer.status;
    if (
      !parsed.success ||
      (status !== 200 && !(status === 400 && STATUSES_ANSWERED_WITH_400.has(parsed.data.status)))
    ) {
      return lookupFailed(unexpectedAnswer(call.answer));
    }
    const answer = parsed.data;
    if (answer.pidx !== payment.gatewayToken) return rejected('the look-up names another Khalti payment');
    const unpaid = UNPAID_STATUSES[answer.status];
    if (unpaid) return { verdict: 'unpaid', ...unpaid };
    if (answer.status !== 'Completed') return rejected(`Khalti answered the unknown status ${answer.status}`);
    if (answer.total_amount !== payment.amountPaisa) return rejected('the look-up names another amount');
    return { verdict: 'paid', gatewayReference: answer.transaction_id ?? answer.pidx, payload: answer };
  }
}
