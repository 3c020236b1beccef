import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assetAddress } from '#shared/asset-address';
import type { PublicSiteConfig } from '#shared/site-config';
import type { BrandDirectory } from '../domain/brands/brand-directory';
import { presentSiteConfig } from '../presenters/site-config';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');
export const BRAND_ASSETS = path.resolve(import.meta.dirname, '../../assets/brands');

/** Marker in web/index.html replaced by the brand's head tags and bootstrap data. */
const HEAD_MARKER = '<!--app-head-->';

/**
 * Serves brand assets and, when it has been built, the web app: hashed files with long-lived
 * caching, and index.html for every other page path with the brand's title, description,
 * favicon, colours and public configuration written in, so the first paint is already branded.
 */
export type WebPageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

export async function registerWebApp(
  app: FastifyInstance,
  brands: BrandDirectory,
): Promise<WebPageHandler | undefined> {
  await app.register(fastifyStatic, {
    root: BRAND_ASSETS,
    prefix: '/brand-assets/',
    decorateReply: false,
    maxAge: '1d',
  });

  const indexPath = path.join(WEB_DIST, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn('web/dist is missing: run `npm run build:web` (npm start does it) to serve the web app');
    return undefined;
  }
  const template = readFileSync(indexPath, 'utf8');
  await app.register(fastifyStatic, {
    root: path.join(WEB_DIST, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });
  for (const file of ['robots.txt']) {
    const filePath = path.join(WEB_DIST, file);
    if (existsSync(filePath)) {
      const body = readFileSync(filePath);
      app.get(`/${file}`, { schema: { hide: true } }, (_request, reply) =>
        reply.type('text/plain').send(body),
      );
    }
  }

  return async (request, reply) => {
    const brand = await brands.resolve(request.hostname);
    const head = brand ? brandHead(presentSiteConfig(brand)) : '<title>Tikat</title>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(template.replace(HEAD_MARKER, head));
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON safe to place inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function brandHead(config: PublicSiteConfig): string {
  const title = config.seoTitle || `${config.displayName} | Search the most affordable flights in Nepal`;
  const description =
    config.seoDescription || `Search the most affordable flights in Nepal with ${config.displayName}.`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    config.seoTags ? `<meta name="keywords" content="${escapeHtml(config.seoTags)}">` : '',
    `<meta name="theme-color" content="${config.colours.primary}">`,
    `<link rel="icon" href="${escapeHtml(assetAddress(config, config.favicon))}">`,
    `<style>:root{--brand-primary:${config.colours.primary};--brand-primary-contrast:${config.colours.primaryContrast};--brand-accent:${config.colours.accent}}</style>`,
    `<script type="application/json" id="site-config">${scriptJson(config)}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}
