import { generateKeyPairSync } from 'node:crypto';
import { API_BASE_PATH } from '#shared/constants';
import { type Env, pemFromEnv } from '../env';
import { type ConnectipsConfig, ConnectipsGateway } from './connectips';
import { type EsewaConfig, EsewaGateway } from './esewa';
import type { GatewayName, PaymentGateway } from './gateway';
import { type KhaltiConfig, KhaltiGateway } from './khalti';

/** Each gateway's endpoints and merchant credentials: the deployment's, or a brand's (brand-gateways.ts). */
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
    connectips: withPrivateKey(
      {
        baseUrl: env.CONNECTIPS_BASE_URL ?? `${sandbox}/connectips`,
        merchantId: env.CONNECTIPS_MERCHANT_ID ?? '1000',
        appId: env.CONNECTIPS_APP_ID ?? 'MER-1000-APP-1',
        appName: env.CONNECTIPS_APP_NAME ?? 'Tikat sandbox',
        password: env.CONNECTIPS_PASSWORD ?? 'sandbox-password',
        successUrl:
          env.CONNECTIPS_SUCCESS_URL ?? `${publicUrl}${API_BASE_PATH}/payments/connectips/return/success`,
        failureUrl:
          env.CONNECTIPS_FAILURE_URL ?? `${publicUrl}${API_BASE_PATH}/payments/connectips/return/failure`,
        timeoutMs,
      },
      env.CONNECTIPS_PRIVATE_KEY_PEM,
    ),
  };
}

/**
 * The ConnectIPS settings with the deployment's key, or the sandbox's made when first read. A
 * getter in an object spread would be read at once: the key is defined on the finished object.
 */
function withPrivateKey(
  settings: Omit<ConnectipsConfig, 'privateKeyPem'>,
  pem: string | undefined,
): ConnectipsConfig {
  if (pem) return { ...settings, privateKeyPem: pemFromEnv(pem) };
  return Object.defineProperty(settings, 'privateKeyPem', {
    get: throwAwayPrivateKey,
    enumerable: true,
  }) as ConnectipsConfig;
}

let throwAwayKey: string | undefined;

/**
 * ConnectIPS publishes no test credentials: the sandbox gets a key pair of this process, made
 * when first used rather than at start (an RSA key takes 0.1 s, a tenth of a restart).
 */
function throwAwayPrivateKey(): string {
  throwAwayKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  return throwAwayKey;
}

export type GatewayEnvironment = 'test' | 'production';
const GATEWAY_ENVIRONMENTS: GatewayEnvironment[] = ['test', 'production'];

/**
 * The hosts a brand's own merchant account talks to, per environment it chose; undefined where
 * the deployment did not configure one (the brand then uses the deployment's host of that gateway).
 */
export interface GatewayHosts {
  esewa: Record<GatewayEnvironment, Pick<EsewaConfig, 'formBaseUrl' | 'statusBaseUrl'> | undefined>;
  khalti: Record<GatewayEnvironment, string | undefined>;
  connectips: Record<GatewayEnvironment, string | undefined>;
}

export function gatewayHostsFromEnv(env: Env): GatewayHosts {
  const esewa = (formBaseUrl: string | undefined, statusBaseUrl: string | undefined) =>
    formBaseUrl ? { formBaseUrl, statusBaseUrl: statusBaseUrl ?? formBaseUrl } : undefined;
  return {
    esewa: {
      test: esewa(env.ESEWA_TEST_BASE_URL, env.ESEWA_TEST_STATUS_BASE_URL),
      production: esewa(env.ESEWA_PRODUCTION_BASE_URL, env.ESEWA_PRODUCTION_STATUS_BASE_URL),
    },
    khalti: { test: env.KHALTI_TEST_BASE_URL, production: env.KHALTI_PRODUCTION_BASE_URL },
    connectips: { test: env.CONNECTIPS_TEST_BASE_URL, production: env.CONNECTIPS_PRODUCTION_BASE_URL },
  };
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

/**
 * Hosts the browser posts payment forms to; the page's CSP form-action must allow them. With
 * `hosts`, also every host a brand's own account may use (the deployment configured them all).
 */
export function gatewayFormOrigins(config: PaymentConfig, hosts?: GatewayHosts): string[] {
  const brandHosts = hosts
    ? GATEWAY_ENVIRONMENTS.flatMap((environment) => [
        hosts.esewa[environment]?.formBaseUrl,
        hosts.connectips[environment],
      ])
    : [];
  const urls = [config.esewa.formBaseUrl, config.connectips.baseUrl, ...brandHosts];
  return [...new Set(urls.filter((url) => url !== undefined).map((url) => new URL(url).origin))];
}
