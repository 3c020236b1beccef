import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { brandPaymentConfig } from './brand-gateways';
import { gatewayHostsFromEnv, paymentConfigFromEnv } from './config';

const env = loadEnv({
  NODE_ENV: 'test',
  ESEWA_TEST_BASE_URL: 'https://esewa-form.test.example',
  ESEWA_TEST_STATUS_BASE_URL: 'https://esewa-status.test.example',
  ESEWA_PRODUCTION_BASE_URL: 'https://esewa.example',
  KHALTI_PRODUCTION_BASE_URL: 'https://khalti.example',
});
const deployment = paymentConfigFromEnv(env);
const hosts = gatewayHostsFromEnv(env);
const brandId = '00000000-0000-4000-8000-000000000001';

describe('brandPaymentConfig', () => {
  it('takes the brand’s merchant and its environment’s host, or the deployment’s host when none is set', () => {
    const config = brandPaymentConfig(deployment, hosts, [
      {
        brandId,
        gateway: 'esewa',
        environment: 'test',
        settings: { productCode: 'BRAND' },
        secrets: { secretKey: 's' },
      },
      { brandId, gateway: 'khalti', environment: 'test', settings: {}, secrets: { secretKey: 'k' } },
    ]);
    expect(config.esewa).toMatchObject({
      formBaseUrl: 'https://esewa-form.test.example',
      statusBaseUrl: 'https://esewa-status.test.example',
      productCode: 'BRAND',
      secretKey: 's',
    });
    expect(config.khalti).toEqual({ ...deployment.khalti, secretKey: 'k' });
    expect(config.connectips).toBe(deployment.connectips);
  });

  it('uses the production hosts for production, the form host also for eSewa’s status checks', () => {
    const config = brandPaymentConfig(deployment, hosts, [
      {
        brandId,
        gateway: 'esewa',
        environment: 'production',
        settings: { productCode: 'B' },
        secrets: { secretKey: 's' },
      },
      { brandId, gateway: 'khalti', environment: 'production', settings: {}, secrets: { secretKey: 'k' } },
    ]);
    expect(config.esewa).toMatchObject({
      formBaseUrl: 'https://esewa.example',
      statusBaseUrl: 'https://esewa.example',
    });
    expect(config.khalti.baseUrl).toBe('https://khalti.example');
  });

  it('refuses an account that lacks a secret rather than paying with half of it', () => {
    expect(() =>
      brandPaymentConfig(deployment, hosts, [
        { brandId, gateway: 'khalti', environment: 'test', settings: {}, secrets: {} },
      ]),
    ).toThrow(/no secretKey/);
  });
});
