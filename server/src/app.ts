import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import nodemailer from 'nodemailer';
import { API_BASE_PATH } from '#shared/constants';
import type { Database } from './db/client';
import { PasswordHasher } from './domain/accounts/password-hasher';
import { apiKeysHashKey } from './domain/api-keys/api-key-hash';
import { recordApiKeyUse } from './domain/api-keys/record-api-key-use';
import { assetStorageFromEnv } from './domain/assets/asset-storage-from-env';
import { BrandDirectory } from './domain/brands/brand-directory';
import { credentialsKey, emailLinksKey } from './domain/crypto/secret-box';
import { savedMerchantAccounts } from './domain/payment-credentials/payment-credentials';
import { DatabaseSessionStore, type SessionStore } from './domain/sessions/session-store';
import { webhookSecretsKey } from './domain/webhooks/webhook-signature';
import type { Env } from './env';
import { errorBody } from './errors';
import { configuredSmsProvider } from './sms/configured-sms-provider';
import './http/context';

import { configureSuppliers } from './domain/suppliers/configured-suppliers';
import { compressJsonResponse } from './http/compression';
import { installErrorHandling } from './http/error-handler';
import { loggerOptions } from './http/logging';
import { registerMetrics } from './http/metrics';
import {
  describeOperations,
  finishDocument,
  SECURITY_SCHEMES,
  transformRoute,
} from './http/openapi-operations';
import {
  FallbackRateLimitCounter,
  MemoryRateLimitCounter,
  RateLimiter,
  RedisRateLimitCounter,
} from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { authenticateRequest } from './http/session-auth';
import { registerUploads } from './http/uploads';
import { registerWebApp } from './http/web-app';
import { webhookResources } from './http/webhook-resources';
import { createJobQueue } from './jobs/job-queue';
import { PaymentGatewayDirectory } from './payments/brand-gateways';
import {
  gatewayFormOrigins,
  gatewayHostsFromEnv,
  paymentConfigFromEnv,
  SANDBOX_PREFIX,
} from './payments/config';
import { sandboxRoutes } from './payments/sandbox/index';
import { enforcePolicies, type RoutePolicy } from './policies/policy';
import { adminApprovalRoutes } from './routes/admin/approvals/route';
import { adminAuditRoutes } from './routes/admin/audit/route';
import { adminBookingRoutes } from './routes/admin/bookings/route';
import { adminBrandRoutes } from './routes/admin/brand/route';
import { adminCommissionRoutes } from './routes/admin/commissions/route';
import { adminDashboardRoutes } from './routes/admin/dashboard/route';
import { adminDepositRequestRoutes } from './routes/admin/deposit-requests/route';
import { adminExchangeRateRoutes } from './routes/admin/exchange-rates/route';
import { adminFinanceRoutes } from './routes/admin/finance/route';
import { adminHoldLimitRoutes } from './routes/admin/hold-limits/route';
import { adminInventoryRoutes } from './routes/admin/inventory/route';
import { adminMarkupRoutes } from './routes/admin/markups/route';
import { adminOutboxRoutes } from './routes/admin/outbox/route';
import { adminPartnerAppRoutes } from './routes/admin/partner-apps/route';
import { adminPaymentCredentialRoutes } from './routes/admin/payment-credentials/route';
import { adminReportRoutes } from './routes/admin/reports/route';
import { adminSmsOutboxRoutes } from './routes/admin/sms-outbox/route';
import { adminStaffRoutes } from './routes/admin/staff/route';
import { adminSupplierCredentialRoutes } from './routes/admin/supplier-credentials/route';
import { adminUploadRoutes } from './routes/admin/uploads/route';
import { adminMasterAgentRoutes } from './routes/admin/users/master-agent-route';
import { adminUserRoutes } from './routes/admin/users/route';
import { adminWalletRoutes } from './routes/admin/wallets/route';
import { airportRoutes } from './routes/airports/route';
import { apiKeyRoutes } from './routes/api-keys/route';
import { passwordChangeRoutes } from './routes/auth/password-change-route';
import { authRoutes } from './routes/auth/route';
import { sessionsRoutes } from './routes/auth/sessions-route';
import { bookingChangeRoutes } from './routes/bookings/change-route';
import { bookingDisruptionRoutes } from './routes/bookings/disruption-route';
import { bookingPaymentRoutes } from './routes/bookings/payments-route';
import { bookingRoutes } from './routes/bookings/route';
import { ticketRoutes } from './routes/bookings/tickets-route';
import { clientRoutes } from './routes/clients/route';
import { countryRoutes } from './routes/countries/route';
import { financeRoutes } from './routes/finance/route';
import { flightRoutes } from './routes/flights/route';
import { healthRoutes } from './routes/health/route';
import { meRoutes } from './routes/me/route';
import { paymentReturnRoutes } from './routes/payments/route';
import { platformBrandRoutes } from './routes/platform/brands/route';
import { priceAlertRoutes } from './routes/price-alerts/route';
import { siteConfigRoutes } from './routes/site-config/route';
import { staffInvitationRoutes } from './routes/staff-invitations/route';
import { subAgentRoutes } from './routes/sub-agents/route';
import { supplierEventRoutes } from './routes/suppliers/route';
import { updateUserProfileRoutes } from './routes/update-user-profile/route';
import { walletRoutes } from './routes/wallet/route';
import { webhookRoutes } from './routes/webhooks/route';

export interface AppOptions {
  env: Env;
  database: Database;
  /** pino options (level, stream) over the defaults, or false for no logs (tests); redaction always applies. */
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  configureSuppliers(env);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(env, typeof options.logger === 'object' ? options.logger : undefined),
    bodyLimit: env.BODY_LIMIT_BYTES,
    // A number of proxies: trust that many hops nearest the app, so a forged left-most entry is ignored.
    trustProxy:
      typeof env.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (env.TRUST_PROXY as number)
        : env.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed address (`/bookings/%zz`) is refused by the router before any handler: in the envelope too.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      // Refused before routing, so before the security-header hooks: the strictest ones here.
      reply
        .code(status)
        .header('x-request-id', request.id)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .header('referrer-policy', 'no-referrer')
        .send(errorBody('VALIDATION_FAILED', 'The address of this request is not valid.'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('brands', new BrandDirectory(database.db, env.DEFAULT_BRAND));
  const paymentConfig = paymentConfigFromEnv(env);
  const gatewayHosts = gatewayHostsFromEnv(env);
  const payments = new PaymentGatewayDirectory(
    paymentConfig,
    gatewayHosts,
    savedMerchantAccounts(database.db, credentialsKey(env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS)),
    env.PAYMENT_SANDBOX,
  );
  app.decorate('payments', payments);
  if (env.NODE_ENV === 'production' && env.PAYMENT_SANDBOX) {
    app.log.warn(
      { paymentsMode: 'test', gatewayModes: payments.modes },
      'TEST PAYMENTS: gateway sandboxes are on in production; no real money moves',
    );
  }
  app.decorate('assets', assetStorageFromEnv(env));
  const emailLinks = emailLinksKey(env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS);
  app.decorate('emailLinksKey', emailLinks);
  // Unset SMTP_URL: nothing is sent, and the outbox is read in the admin console.
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined;
  app.decorate('mail', { transport, from: env.MAIL_FROM, linksKey: emailLinks });
  app.decorate('sms', configuredSmsProvider(env));
  app.decorate('apiKeysHashKey', apiKeysHashKey(env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS));
  app.decorate('webhookSecretsKey', webhookSecretsKey(env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS));
  app.decorate('webhookResources', webhookResources(database.db));
  const jobs = createJobQueue(database, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await jobs.stop();
    transport?.close();
  });
  const routePolicies: RoutePolicy[] = [];
  app.decorate('routePolicies', routePolicies);
  app.decorateRequest('brand', undefined);
  app.decorateRequest('user', undefined);
  app.decorateRequest('session', undefined);
  app.decorateRequest('apiKey', undefined);

  // Commands fail at once while Redis is away (no offline queue): callers fall back, never wait.
  // ioredis is loaded only where Redis is configured.
  const redis = env.REDIS_URL
    ? new (await import('ioredis')).Redis(env.REDIS_URL, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  if (redis) {
    let reported = false;
    redis.on('error', (error) => {
      if (!reported) app.log.error({ err: error }, 'redis error (reported once until it reconnects)');
      reported = true;
    });
    redis.on('ready', () => {
      reported = false;
    });
    // Without an offline queue, a command sent before the connection is up fails and the rate
    // limits count it in this process alone: so the start waits for the connection, or for its
    // first failure (then it starts without Redis, as through an outage), 5 s at most.
    app.addHook('onReady', async () => {
      if (redis.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const settle = () => {
          clearTimeout(timer);
          redis.off('ready', settle).off('error', settle);
          resolve();
        };
        const timer = setTimeout(settle, 5_000);
        redis.once('ready', settle).once('error', settle);
      });
    });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  app.decorate('redis', redis);
  const sessionTimeouts = {
    idleMs: env.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
  };
  // Sessions live in the database whether or not Redis is configured: a Redis restart or outage
  // signs nobody out. (The look-up is one prepared, batched query; a cache would only add staleness.)
  const sessions: SessionStore = new DatabaseSessionStore(database.db, sessionTimeouts);
  app.decorate('sessions', sessions);
  app.decorate(
    'passwords',
    new PasswordHasher({ memoryCost: env.PASSWORD_HASH_MEMORY_KIB, timeCost: env.PASSWORD_HASH_TIME_COST }),
  );
  app.decorate(
    'rateLimiter',
    new RateLimiter(
      redis
        ? new FallbackRateLimitCounter(
            new RedisRateLimitCounter(redis, env.REDIS_KEY_PREFIX),
            new MemoryRateLimitCounter(),
            app.log,
          )
        : new MemoryRateLimitCounter(),
      {
        windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
        perIp: env.RATE_LIMIT_PER_IP,
        perAccount: env.RATE_LIMIT_PER_ACCOUNT,
        perAccountAllAddresses: env.RATE_LIMIT_PER_ACCOUNT_ALL_ADDRESSES,
        searchesPerMinute: env.SEARCH_RATE_LIMIT_PER_MINUTE,
      },
    ),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandling(app);
  await registerMetrics(app, { token: env.METRICS_TOKEN });

  await registerSecurityHeaders(app, {
    frameAncestors: env.FRAME_ANCESTORS.split(/\s+/).filter((origin) => origin && origin !== "'self'"),
    formActions: gatewayFormOrigins(paymentConfig, gatewayHosts),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tikat B2B API',
        version: '2.0.0',
        description:
          'Flight search and booking for Nepal. Every JSON response is `{ success, data }`; failures carry ' +
          '`data.error`, `data.code` and, for invalid input, `data.fields`.',
      },
      servers: [{ url: env.PUBLIC_URL }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: transformRoute,
    transformObject: finishDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  describeOperations(app);

  await app.register(healthRoutes);
  if (env.PAYMENT_SANDBOX) {
    await app.register(sandboxRoutes, { prefix: SANDBOX_PREFIX, config: paymentConfig });
  }
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        request.brand = await app.brands.resolve(request.hostname);
        await authenticateRequest(app, request);
        if (request.apiKey)
          await app.rateLimiter.checkApiKey(request.apiKey.id, env.API_KEY_RATE_LIMIT_PER_MINUTE);
      });
      // Every change made with an API key goes to its brand's audit log (reads update its last use).
      api.addHook('onResponse', async (request, reply) => {
        if (!request.apiKey || !request.user || request.method === 'GET' || request.method === 'HEAD') return;
        await recordApiKeyUse(app.db, {
          apiKey: request.apiKey,
          user: request.user,
          method: request.method,
          route: request.routeOptions.url ?? '(no route)',
          statusCode: reply.statusCode,
        }).catch((error) => request.log.error({ err: error }, 'API key use not audited'));
      });
      // Booking changes (and a supplier's schedule change) may have written webhook events: they go out now, not at the next pass.
      api.addHook('onResponse', async (request, reply) => {
        if (request.method === 'GET' || reply.statusCode >= 400) return;
        if (!/\/(bookings|wallets|disruptions|payments|suppliers)(\/|$)/.test(request.routeOptions.url ?? ''))
          return;
        await app.jobs.send('webhooks.deliver').catch(() => undefined);
        // …and SMS to travellers who asked for them (held, ticketed, disrupted).
        if (app.sms) await app.jobs.send('sms.deliver').catch(() => undefined);
      });
      // Answers carry personal data unless a route says it may be cached (airports, site config…).
      api.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      api.addHook('onSend', compressJsonResponse);
      enforcePolicies(api, routePolicies);
      await api.register(siteConfigRoutes);
      await api.register(airportRoutes);
      await api.register(countryRoutes);
      await api.register(authRoutes);
      await api.register(passwordChangeRoutes);
      await api.register(sessionsRoutes);
      await api.register(staffInvitationRoutes);
      await api.register(meRoutes);
      await api.register(updateUserProfileRoutes);
      await api.register(clientRoutes);
      await api.register(apiKeyRoutes);
      await api.register(webhookRoutes);
      await api.register(priceAlertRoutes);
      await api.register(walletRoutes);
      await api.register(subAgentRoutes);
      // The admin console (spec §15.1): admins of the host's brand.
      await api.register(async (admin) => {
        await admin.register(adminBrandRoutes);
        await admin.register(adminUploadRoutes);
        await admin.register(adminUserRoutes);
        await admin.register(adminStaffRoutes);
        await admin.register(adminMasterAgentRoutes);
        await admin.register(adminPartnerAppRoutes);
        await admin.register(adminOutboxRoutes);
        await admin.register(adminSmsOutboxRoutes);
        await admin.register(adminAuditRoutes);
        await admin.register(adminDashboardRoutes);
        await admin.register(adminBookingRoutes);
        await admin.register(adminPaymentCredentialRoutes);
        await admin.register(adminSupplierCredentialRoutes);
        await admin.register(adminWalletRoutes);
        await admin.register(adminDepositRequestRoutes);
        await admin.register(adminApprovalRoutes);
        await admin.register(adminMarkupRoutes);
        await admin.register(adminExchangeRateRoutes);
        await admin.register(adminCommissionRoutes);
        await admin.register(adminHoldLimitRoutes);
        await admin.register(adminInventoryRoutes);
        await admin.register(adminReportRoutes);
        await admin.register(adminFinanceRoutes);
        await admin.register(platformBrandRoutes);
      });
      await api.register(flightRoutes);
      await api.register(bookingRoutes);
      await api.register(bookingDisruptionRoutes);
      await api.register(bookingPaymentRoutes);
      await api.register(ticketRoutes);
      await api.register(bookingChangeRoutes);
      await api.register(financeRoutes);
      await api.register(paymentReturnRoutes);
      await api.register(supplierEventRoutes);
    },
    { prefix: API_BASE_PATH },
  );

  await registerUploads(app, app.assets);
  const sendWebPage = await registerWebApp(app, app.brands, app.payments);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|assets|brand-assets|uploads)\//.test(path);
    if (isPage && sendWebPage) return sendWebPage(request, reply);
    return reply.code(404).send(errorBody('NOT_FOUND', `There is no ${request.method} ${path}.`));
  });

  return app;
}
