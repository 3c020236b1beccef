import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gatewayParams,
  type PaymentCredentialsStatus,
  paymentCredentialsStatus,
  savePaymentCredentialsRequest,
} from '#shared/payment-credentials';
import { credentialsKey } from '../../../domain/crypto/secret-box';
import {
  type CredentialsStatus,
  deletePaymentCredentials,
  listPaymentCredentials,
  savePaymentCredentials,
} from '../../../domain/payment-credentials/payment-credentials';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';

function present(status: CredentialsStatus): PaymentCredentialsStatus {
  return {
    gateway: status.gateway,
    configured: status.row !== undefined,
    environment: status.row?.environment ?? null,
    settings: status.row?.settings ?? {},
    secretsSet: status.secretsSet,
    updatedAt: status.row?.updatedAt.toISOString() ?? null,
  };
}

/** The brand's own merchant credentials per gateway: secrets are write-only. */
export const adminPaymentCredentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = credentialsKey(app.env.SESSION_SECRET, app.env.SESSION_SECRET_PREVIOUS);

  app.get(
    '/admin/payment-credentials',
    {
      config: { policy: 'managePaymentGateways' },
      schema: {
        tags: ['admin'],
        summary:
          "Each gateway's merchant settings for the brand, and whether each secret is set (never the secret)",
        response: responses(z.array(paymentCredentialsStatus)),
      },
    },
    async (request) =>
      ok((await listPaymentCredentials(app.db, { brandId: requireBrand(request).id, key })).map(present)),
  );

  app.put(
    '/admin/payment-credentials/:gateway',
    {
      config: { policy: 'managePaymentGateways' },
      schema: {
        tags: ['admin'],
        summary: "Saves a gateway's merchant credentials; omitted secrets keep their saved value",
        description:
          'eSewa: settings.productCode, secrets.secretKey. Khalti: secrets.secretKey. ConnectIPS: settings.merchantId, ' +
          'appId, appName; secrets.password, privateKeyPem. 400 naming `settings.<name>` / `secrets.<name>`.',
        params: gatewayParams,
        body: savePaymentCredentialsRequest,
        response: responses(paymentCredentialsStatus),
      },
    },
    async (request) => {
      const brandId = requireBrand(request).id;
      const status = await savePaymentCredentials(app.db, {
        brandId,
        gateway: request.params.gateway,
        request: request.body,
        actor: requireUser(request),
        key,
      });
      app.payments.forgetBrand(brandId);
      return ok(present(status));
    },
  );

  app.delete(
    '/admin/payment-credentials/:gateway',
    {
      config: { policy: 'managePaymentGateways' },
      schema: {
        tags: ['admin'],
        summary: "Removes a gateway's credentials: back to the deployment's settings",
        params: gatewayParams,
        response: responses(paymentCredentialsStatus),
      },
    },
    async (request) => {
      const brandId = requireBrand(request).id;
      const status = await deletePaymentCredentials(app.db, {
        brandId,
        gateway: request.params.gateway,
        actor: requireUser(request),
        key,
      });
      app.payments.forgetBrand(brandId);
      return ok(present(status));
    },
  );
};
