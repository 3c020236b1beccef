import { generateKeyPairSync } from 'node:crypto';
import { API_BASE_PATH } from '#shared/constants';
import { type Env, pemFromEnv } from '../env';
import { type ConnectipsConfig, ConnectipsGateway } from './connectips';
import { type EsewaConfig, EsewaGateway } from './esewa';
import type { GatewayName, PaymentGateway } from './gateway';
import { type KhaltiConfig, KhaltiGateway } from './khalti';

/** Each gateway's endpoints and merchant credentials (per deployment now; per brand later). */
export interface PaymentConfig {
  esewa: EsewaConfig;
  khalti: KhaltiConfig;
  connectips: ConnectipsConfig;
}

/** The secret key the Khalti sandbox accepts when KHALTI_SECRET_KEY is not set. */
export const KHALTI_SANDBOX_SECRET_KEY = 'test_secret_key_tikat_sandbox';

export const SANDBOX_PREFIX = '/sandbox';

/** Reads the gateways' settings; a gateway whose base URL is not set talks to the built-in sandbox. */
export function paymentConfigFromEnv(env: Env): PaymentConfig {
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
  const sandbox = `${publicUrl}${SANDBOX_PREFIX}`;
  const timeoutMs = env.PAYMENT_GATEWAY_TIMEOUT_MS;
  const esewaBase = env.ESEWA_BASE_URL ?? `${sandbox}/esewa`;
  return {
    esewa: {
      formBaseUrl: esewaBase,
      statusBaseUrl: env.ESEWA_STATUS_BASE_URL ?? esewaBase,
      productCode: env.ESEWA_PRODUCT_CODE,
      secretKey: env.ESEWA_SECRET_KEY,
      timeoutMs,
    },
    khalti: {
      baseUrl: env.KHALTI_BASE_URL ?? `${sandbox}/khalti`,
      secretKey: env.KHALTI_SECRET_KEY ?? KHALTI_SANDBOX_SECRET_KEY,
      websiteUrl: env.PUBLIC_URL,
      timeoutMs,
    },
    connectips: {
      baseUrl: env.CONNECTIPS_BASE_URL ?? `${sandbox}/connectips`,
      merchantId: env.CONNECTIPS_MERCHANT_ID ?? '1000',
      appId: env.CONNECTIPS_APP_ID ?? 'MER-1000-APP-1',
      appName: env.CONNECTIPS_APP_NAME ?? 'Tikat sandbox',
      password: env.CONNECTIPS_PASSWORD ?? 'sandbox-password',
      privateKeyPem: env.CONNECTIPS_PRIVATE_KEY_PEM
        ? pemFromEnv(env.CONNECTIPS_PRIVATE_KEY_PEM)
        : throwAwayPrivateKey(),
      successUrl:
        env.CONNECTIPS_SUCCESS_URL ?? `${publicUrl}${API_BASE_PATH}/payments/connectips/return/success`,
      failureUrl:
        env.CONNECTIPS_FAILURE_URL ?? `${publicUrl}${API_BASE_PATH}/payments/connectips/return/failure`,
      timeoutMs,
    },
  };
}

/** ConnectIPS publishes no test credentials: the sandbox gets a key pair made at start. */
function throwAwayPrivateKey(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The same merchants, every gateway pointed at another host: the sandbox at `origin`, or a fake. */
export function withGatewayHost(config: PaymentConfig, origin: string, timeoutMs?: number): PaymentConfig {
  const base = (gateway: GatewayName) => `${origin}${SANDBOX_PREFIX}/${gateway}`;
  const timeout = timeoutMs ?? config.esewa.timeoutMs;
  return {
    esewa: { ...config.esewa, formBaseUrl: base('esewa'), statusBaseUrl: base('esewa'), timeoutMs: timeout },
    khalti: { ...config.khalti, baseUrl: base('khalti'), timeoutMs: timeout },
    connectips: { ...config.connectips, baseUrl: base('connectips'), timeoutMs: timeout },
  };
}

export type PaymentGateways = Record<GatewayName, PaymentGateway>;

export function createGateways(config: PaymentConfig): PaymentGateways {
  return {
    esewa: new EsewaGateway(config.esewa),
    khalti: new KhaltiGateway(config.khalti),
    connectips: new ConnectipsGateway(config.connectips),
  };
}

/** Hosts the browser posts payment forms to; the page's CSP form-action must allow them. */
export function gatewayFormOrigins(config: PaymentConfig): string[] {
  return [
    ...new Set([config.esewa.formBaseUrl, config.connectips.baseUrl].map((url) => new URL(url).origin)),
  ];
}
