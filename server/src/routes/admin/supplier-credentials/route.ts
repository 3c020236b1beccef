import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saveSupplierTokenRequest, supplierTokenStatus } from '#shared/supplier-credentials';
import { credentialsKey } from '../../../domain/crypto/secret-box';
import { deleteBrandSupplierToken } from '../../../domain/suppliers/delete-brand-supplier-token';
import { DUFFEL_SUPPLIER } from '../../../domain/suppliers/duffel-supplier';
import {
  type BrandSupplierTokenStatus,
  findBrandSupplierTokenStatus,
} from '../../../domain/suppliers/find-brand-supplier-token-status';
import { forgetBrandSupplierTokens } from '../../../domain/suppliers/load-brand-supplier-token';
import { saveBrandSupplierToken } from '../../../domain/suppliers/save-brand-supplier-token';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';

const present = (status: BrandSupplierTokenStatus) => ({
  supplier: 'duffel' as const,
  configured: status.configured,
  tokenHint: status.tokenHint,
  updatedAt: status.updatedAt?.toISOString() ?? null,
});

/** The brand's own Duffel access token (docs/suppliers.md#a-brands-own-duffel-account): write-only. */
export const adminSupplierCredentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = credentialsKey(app.env.SESSION_SECRET, app.env.SESSION_SECRET_PREVIOUS);
  const supplier = DUFFEL_SUPPLIER;

  app.get(
    '/admin/supplier-credentials/duffel',
    {
      config: { policy: 'managePaymentGateways' },
      schema: {
        tags: ['admin'],
        summary: 'Whether the brand saved its own Duffel access token, and its hint (never the token)',
        response: responses(supplierTokenStatus),
      },
    },
    async (request) =>
      ok(
        present(await findBrandSupplierTokenStatus(app.db, { brandId: requireBrand(request).id, supplier })),
      ),
  );

  app.put(
    '/admin/supplier-credentials/duffel',
    {
      config: { policy: 'managePaymentGateways' },
      schema: {
        tags: ['admin'],
        summary:
          "Saves the brand's own Duffel access token: its searches and orders use it over the deployment's",
        description:
          'accessToken: duffel_test_… or duffel_live_… (400 naming `accessToken` otherwise). Stored encrypted; ' +
          'answered and audited only as its hint (`duffel_test_…wxyz`). Duffel must be on (DUFFEL_ACCESS_TOKEN).',
        body: saveSupplierTokenRequest,
        response: responses(supplierTokenStatus),
      },
    },
    async (request) => {
      const brandId = requireBrand(request).id;
      const status = await saveBrandSupplierToken(app.db, {
        brandId,
        supplier,
        accessToken: request.body.accessToken,
        actor: requireUser(request),
        key,
      });
      forgetBrandSupplierTokens(brandId);
      return ok(present(status));
    },
  );

  app.delete(
    '/admin/supplier-credentials/duffel',
    {
      config: { policy: 'managePaymentGateways' },
      schema: {
        tags: ['admin'],
        summary: "Removes the brand's own Duffel token: back to the deployment's",
        response: responses(supplierTokenStatus),
      },
    },
    async (request) => {
      const brandId = requireBrand(request).id;
      const status = await deleteBrandSupplierToken(app.db, {
        brandId,
        supplier,
        actor: requireUser(request),
      });
      forgetBrandSupplierTokens(brandId);
      return ok(present(status));
    },
  );
};
