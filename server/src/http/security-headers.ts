import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Brand } from '../domain/brands/brand-directory';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** Features no page of the site uses: denied to it and to anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

export interface SecurityHeaderOptions {
  /** Origins every brand may be framed by (FRAME_ANCESTORS), besides the site itself. */
  frameAncestors: string[];
  /** Payment gateway origins the checkout form posts to. */
  formActions: string[];
}

/**
 * The Content-Security-Policy of a response. Scripts only from the site's own files (the web app
 * has no inline script: the brand's configuration is an inert `application/json` block); styles
 * also inline (brand colours in the head, the toast library's style element); frames only by the
 * site itself, FRAME_ANCESTORS and the brand's own partner origins (`frameAncestors` setting).
 */
export function contentSecurityPolicy(
  options: SecurityHeaderOptions,
  brand: Pick<Brand, 'config'> | undefined,
  https: boolean,
): string {
  const frameAncestors = [
    ...new Set(["'self'", ...options.frameAncestors, ...(brand?.config.frameAncestors ?? [])]),
  ];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['script-src-attr', "'none'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'", ...options.formActions],
    ['frame-ancestors', ...frameAncestors],
  ];
  if (https) directives.push(['upgrade-insecure-requests']);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Whether the request reached the site over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto). */
export const isHttpsRequest = (request: FastifyRequest) => request.protocol === 'https';

/**
 * Security headers on every response: helmet's (nosniff, Referrer-Policy, COOP, CORP…), the
 * Content-Security-Policy with the host's brand's frame ancestors, Permissions-Policy, and HSTS
 * only when the request came over HTTPS. Set on the raw response first, so a route that sends a
 * stricter policy of its own (uploads, the payment sandbox, the API docs) replaces it.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: false,
    // frame-ancestors in the CSP decides who may frame the site (X-Frame-Options cannot list origins).
    frameguard: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    const https = isHttpsRequest(request);
    const path = request.url;
    const isStaticFile = path.startsWith('/assets/') || path.startsWith('/brand-assets/');
    const brand = isStaticFile ? undefined : await app.brands.resolve(request.hostname);
    reply.raw.setHeader('content-security-policy', contentSecurityPolicy(options, brand, https));
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    if (https) reply.raw.setHeader('strict-transport-security', HSTS_VALUE);
  });
}
