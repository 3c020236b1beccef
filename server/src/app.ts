import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '#shared/constants';
import type { Database } from './db/client';
import { BrandDirectory } from './domain/brands/brand-directory';
import type { Env } from './env';
import { errorBody } from './errors';
import './http/context';
import { installErrorHandling } from './http/error-handler';
import { registerWebApp } from './http/web-app';
import { airportRoutes } from './routes/airports/route';
import { countryRoutes } from './routes/countries/route';
import { flightRoutes } from './routes/flights/route';
import { healthRoutes } from './routes/health/route';
import { siteConfigRoutes } from './routes/site-config/route';

export interface AppOptions {
  env: Env;
  database: Database;
  /** pino options, or false for no logs (tests). */
  logger?: FastifyServerOptions['logger'];
}

/** Paths the logs never show: credentials in headers and bodies. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.token',
  '*.clientCustomerToken',
];

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: env.LOG_LEVEL,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    },
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: false,
    requestIdLogLabel: 'requestId',
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('brands', new BrandDirectory(database.db, env.DEFAULT_BRAND));
  app.decorateRequest('brand', undefined);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandling(app);

  const https = env.PUBLIC_URL.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: env.FRAME_ANCESTORS.split(/\s+/).filter(Boolean),
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: false,
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
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
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        request.brand = await app.brands.resolve(request.hostname);
      });
      await api.register(siteConfigRoutes);
      await api.register(airportRoutes);
      await api.register(countryRoutes);
      await api.register(flightRoutes);
    },
    { prefix: API_BASE_PATH },
  );

  const sendWebPage = await registerWebApp(app, app.brands);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|assets|brand-assets)\//.test(path);
    if (isPage && sendWebPage) return sendWebPage(request, reply);
    return reply.code(404).send(errorBody('NOT_FOUND', `There is no ${request.method} ${path}.`));
  });

  return app;
}
