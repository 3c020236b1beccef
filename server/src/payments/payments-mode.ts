import type { PaymentsMode } from '#shared/site-config';
import { GATEWAY_NAMES, type GatewayName } from '../db/schema/payments';
import {
  ESEWA_TEST_PRODUCT_CODE,
  ESEWA_TEST_SECRET_KEY,
  isGatewayTestHost,
  KHALTI_TEST_KEY_PREFIX,
} from '../env';
import { type GatewayEnvironment, type PaymentConfig, SANDBOX_PREFIX } from './config';

export type { PaymentsMode };

/** Whether the address is one of the built-in sandboxes (on this server or, in tests, another). */
export function isSandboxUrl(url: string): boolean {
  try {
    return new URL(url).pathname.startsWith(`${SANDBOX_PREFIX}/`);
  } catch {
    return false;
  }
}

function gatewayUrls(config: PaymentConfig, gateway: GatewayName): string[] {
  if (gateway === 'esewa') return [config.esewa.formBaseUrl, config.esewa.statusBaseUrl];
  return [config[gateway].baseUrl];
}

/** Whether the gateway talks to a built-in sandbox. */
export function usesSandbox(config: PaymentConfig, gateway: GatewayName): boolean {
  return gatewayUrls(config, gateway).some(isSandboxUrl);
}

function usesPublicTestMerchant(config: PaymentConfig, gateway: GatewayName): boolean {
  if (gateway === 'esewa')
    return (
      config.esewa.productCode === ESEWA_TEST_PRODUCT_CODE || config.esewa.secretKey === ESEWA_TEST_SECRET_KEY
    );
  if (gateway === 'khalti') return config.khalti.secretKey.startsWith(KHALTI_TEST_KEY_PREFIX);
  return false;
}

/**
 * Per gateway, whether its payments move real money (`live`) or not (`test`): a built-in sandbox,
 * the gateway's published test host, its public test merchant, or a brand's account saved for
 * the test environment are `test`.
 */
export function gatewayModes(
  config: PaymentConfig,
  environments: Partial<Record<GatewayName, GatewayEnvironment>> = {},
): Record<GatewayName, PaymentsMode> {
  const modeOf = (gateway: GatewayName): PaymentsMode =>
    environments[gateway] === 'test' ||
    usesSandbox(config, gateway) ||
    gatewayUrls(config, gateway).some((url) => isGatewayTestHost(gateway, url)) ||
    usesPublicTestMerchant(config, gateway)
      ? 'test'
      : 'live';
  return { esewa: modeOf('esewa'), khalti: modeOf('khalti'), connectips: modeOf('connectips') };
}

/**
 * What a site tells its travellers: `test` while the sandboxes are served, or while any gateway
 * it pays through is in test mode. A gateway pointed at sandboxes that are not served takes no
 * payment at all, so it does not count.
 */
export function siteMode(
  set: { config: PaymentConfig; modes: Record<GatewayName, PaymentsMode> },
  sandboxServed: boolean,
): PaymentsMode {
  if (sandboxServed) return 'test';
  return GATEWAY_NAMES.some((gateway) => set.modes[gateway] === 'test' && !usesSandbox(set.config, gateway))
    ? 'test'
    : 'live';
}
