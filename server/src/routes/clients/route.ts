import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientProfileRequest, clientProfileResponse } from '#shared/accounts';
import { authenticatePartnerApp } from '../../domain/partners/authenticate-partner-app';
import { issueCustomerToken } from '../../domain/partners/issue-customer-token';
import { redeemCustomerToken } from '../../domain/partners/redeem-customer-token';
import { requireBrand } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { startSession } from '../../http/session-auth';
import { presentClientCustomer, presentUser } from '../../presenters/user';
import { customerTokenRequest, customerTokenResponse } from './schema';

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/clients/customer-token',
    {
      config: { policy: 'partnerApp' },
      schema: {
        tags: ['partner apps'],
        summary: "A partner's server gets a short-lived, single-use clientCustomerToken for its customer",
        body: customerTokenRequest,
        response: responses(customerTokenResponse),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      const { clientId, clientSecret, customer } = request.body;
      await app.rateLimiter.check(request, 'customer-token', clientId);
      const partnerApp = await authenticatePartnerApp(app.db, { brandId: brand.id, clientId, clientSecret });
      const ttlMs = app.env.CLIENT_CUSTOMER_TOKEN_TTL_SECONDS * 1000;
      const issued = await issueCustomerToken(app.db, { partnerApp, customer, ttlMs });
      return ok({
        clientCustomerToken: issued.token,
        expiresAt: issued.expiresAt.toISOString(),
        expiresIn: app.env.CLIENT_CUSTOMER_TOKEN_TTL_SECONDS,
      });
    },
  );

  app.post(
    '/clients/profile',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['partner apps'],
        summary: 'Exchange a clientCustomerToken for the customer details and a session cookie (spec §7)',
        body: clientProfileRequest,
        response: responses(clientProfileResponse),
      },
    },
    async (request, reply) => {
      const brand = requireBrand(request);
      const user = await redeemCustomerToken(app.db, {
        brandId: brand.id,
        clientCustomerToken: request.body.clientCustomerToken,
      });
      await startSession(app, request, reply, user, 'cookie');
      return ok({ clientCustomerDetails: presentClientCustomer(user), user: presentUser(user, brand) });
    },
  );
};
