import type { CredentialGateway } from '#shared/payment-credentials';
import { RecentReads } from '../db/recent-reads';
import { pemFromEnv } from '../env';
import { DependencyUnavailableError } from '../errors';
import { createGateways, type GatewayHosts, type PaymentConfig, type PaymentGateways } from './config';
import type { GatewayName } from './gateway';
import { gatewayModes, type PaymentsMode, siteMode } from './payments-mode';

/** One gateway's saved merchant account with its secrets opened: server only, never answered. */
export interface SavedPaymentCredentials {
  brandId: string;
  gateway: CredentialGateway;
  environment: 'test' | 'production';
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

/**
 * The merchant accounts brands saved, secrets opened: read from the database by
 * domain/payment-credentials, which the clients here know nothing of.
 */
export interface SavedMerchantAccounts {
  /** Every gateway account the brand saved. */
  ofBrand(brandId: string): Promise<SavedPaymentCredentials[]>;
  /** Every brand's saved account with one gateway (the sandboxes accept them as their merchants). */
  withGateway(gateway: CredentialGateway): Promise<SavedPaymentCredentials[]>;
}

/** The gateway clients money moves through, the settings they were built from, and their modes. */
export interface GatewaySet {
  config: PaymentConfig;
  gateways: PaymentGateways;
  /** Per gateway, whether its payments move real money (payments-mode.ts). */
  modes: Record<GatewayName, PaymentsMode>;
}

function saved(values: Record<string, string>, name: string, gateway: string): string {
  const value = values[name];
  if (!value) throw new Error(`the saved ${gateway} credentials have no ${name}`);
  return value;
}

/**
 * The deployment's gateway settings with, for each gateway the brand saved an account for, the
 * brand's merchant credentials in their place, on the host of the environment it chose (the
 * deployment's host of that gateway when that environment's host is not configured).
 */
export function brandPaymentConfig(
  deployment: PaymentConfig,
  hosts: GatewayHosts,
  accounts: SavedPaymentCredentials[],
): PaymentConfig {
  const config = { ...deployment };
  for (const { gateway, environment, settings, secrets } of accounts) {
    if (gateway === 'esewa') {
      config.esewa = {
        ...deployment.esewa,
        ...hosts.esewa[environment],
        productCode: saved(settings, 'productCode', gateway),
        secretKey: saved(secrets, 'secretKey', gateway),
      };
    } else if (gateway === 'khalti') {
      config.khalti = {
        ...deployment.khalti,
        baseUrl: hosts.khalti[environment] ?? deployment.khalti.baseUrl,
        secretKey: saved(secrets, 'secretKey', gateway),
      };
    } else {
      config.connectips = {
        ...deployment.connectips,
        baseUrl: hosts.connectips[environment] ?? deployment.connectips.baseUrl,
        merchantId: saved(settings, 'merchantId', gateway),
        appId: saved(settings, 'appId', gateway),
        appName: saved(settings, 'appName', gateway),
        password: saved(secrets, 'password', gateway),
        privateKeyPem: pemFromEnv(saved(secrets, 'privateKeyPem', gateway)),
      };
    }
  }
  return config;
}

/**
 * A brand's gateways are cached this long in each process: dropped at once when this process
 * saves or deletes the brand's credentials (`forgetBrand`); a change made through another
 * instance is seen once the cached copy is older than this.
 */
export const BRAND_GATEWAYS_CACHE_MS = 10_000;

/**
 * The payment gateways: the deployment's (`config`, `gateways`, from the environment) and each
 * brand's, which use the brand's own merchant accounts where it saved them.
 */
export class PaymentGatewayDirectory implements GatewaySet {
  readonly gateways: PaymentGateways;
  readonly modes: Record<GatewayName, PaymentsMode>;
  private readonly byBrand = new RecentReads<string, GatewaySet>();

  constructor(
    readonly config: PaymentConfig,
    readonly hosts: GatewayHosts,
    /** The brands' own merchant accounts. */
    readonly accounts: SavedMerchantAccounts,
    /** Whether this server serves the built-in sandboxes (PAYMENT_SANDBOX). */
    readonly sandboxServed: boolean,
  ) {
    this.gateways = createGateways(config);
    this.modes = gatewayModes(config);
  }

  /** Whether the brand's site takes test payments (its "test payments" ribbon). */
  async siteMode(brandId: string): Promise<PaymentsMode> {
    return siteMode(await this.forBrandOrDeployment(brandId), this.sandboxServed);
  }

  /** The mode the brand's payments through the gateway are taken in now. */
  async gatewayMode(brandId: string, gateway: GatewayName): Promise<PaymentsMode> {
    return (await this.forBrandOrDeployment(brandId)).modes[gateway];
  }

  /** Saved credentials that cannot be used fail the brand's payments; for its mode, the deployment's stand in. */
  private forBrandOrDeployment(brandId: string): Promise<GatewaySet> {
    return this.forBrand(brandId).catch(() => this);
  }

  /** The gateways of the brand's payments. */
  forBrand(brandId: string): Promise<GatewaySet> {
    return this.byBrand.get(brandId, BRAND_GATEWAYS_CACHE_MS, () => this.read(brandId));
  }

  /** Drops the brand's cached gateways (after its credentials were saved or deleted). */
  forgetBrand(brandId: string): void {
    this.byBrand.forget(brandId);
  }

  private async read(brandId: string): Promise<GatewaySet> {
    const accounts = await this.accounts.ofBrand(brandId);
    if (!accounts.length) return this;
    try {
      const config = brandPaymentConfig(this.config, this.hosts, accounts);
      const environments = Object.fromEntries(
        accounts.map((account) => [account.gateway, account.environment]),
      );
      return { config, gateways: createGateways(config), modes: gatewayModes(config, environments) };
    } catch (error) {
      // An account that cannot be used: a retryable 503 for the payer, the reason in the log,
      // never the deployment's account in the brand's place.
      throw new DependencyUnavailableError(
        `the saved payment credentials of brand ${brandId} cannot be used: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
}
