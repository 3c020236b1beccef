import { z } from 'zod';

export const CREDENTIAL_GATEWAYS = ['esewa', 'khalti', 'connectips'] as const;
export type CredentialGateway = (typeof CREDENTIAL_GATEWAYS)[number];

/**
 * What each gateway's merchant account needs: `settings` may be shown back (merchant code, app
 * id…), `secrets` are write-only — once saved, the API says only whether each is set.
 */
export const GATEWAY_CREDENTIAL_FIELDS = {
  esewa: { settings: ['productCode'], secrets: ['secretKey'] },
  khalti: { settings: [], secrets: ['secretKey'] },
  connectips: { settings: ['merchantId', 'appId', 'appName'], secrets: ['password', 'privateKeyPem'] },
} as const satisfies Record<CredentialGateway, { settings: readonly string[]; secrets: readonly string[] }>;

export const gatewayParams = z.object({ gateway: z.enum(CREDENTIAL_GATEWAYS) });

export const savePaymentCredentialsRequest = z.object({
  /** The gateway's test (UAT) or production host. */
  environment: z.enum(['test', 'production']),
  settings: z.record(z.string(), z.string().trim().min(1).max(200)).default({}),
  /** Omit a secret to keep the one saved; each is required the first time. */
  secrets: z.record(z.string(), z.string().min(1).max(8000)).default({}),
});
export type SavePaymentCredentialsRequest = z.input<typeof savePaymentCredentialsRequest>;

export const paymentCredentialsStatus = z.object({
  gateway: z.enum(CREDENTIAL_GATEWAYS),
  /** true: the brand's payments with this gateway go to this account; false: to the deployment's (the sandbox by default). */
  configured: z.boolean(),
  environment: z.enum(['test', 'production']).nullable(),
  settings: z.record(z.string(), z.string()),
  /** Each secret's name → whether it is set. The secrets themselves are never answered. */
  secretsSet: z.record(z.string(), z.boolean()),
  updatedAt: z.string().nullable(),
});
export type PaymentCredentialsStatus = z.infer<typeof paymentCredentialsStatus>;
