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
/** Marker inside #root replaced by a static first paint, which React replaces when it starts. */
const FIRST_PAINT_MARKER = '<!--app-first-paint-->';

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
    const config = brand ? presentSiteConfig(brand) : undefined;
    const head = config ? brandHead(config) : '<title>Tikat</title>';
    const url = new URL(request.url, 'http://localhost');
    const paint = config ? firstPaint(config, url.pathname, url.searchParams.has('hideTitle')) : '';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(template.replace(HEAD_MARKER, head).replace(FIRST_PAINT_MARKER, paint));
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

/**
 * What the page shows before the JavaScript has started: the header with the brand's logo (by the
 * header rules of seed §2) and, on the home page, the hero with its heading. On a slow phone this
 * is the first and largest paint; React replaces it with the live page.
 */
export function firstPaint(config: PublicSiteConfig, pathname: string, hideTitle: boolean): string {
  const header =
    config.hideNavbar || hideTitle
      ? ''
      : `<header class="z-30 border-b border-slate-200 bg-white/95"><div class="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4"><img src="${escapeHtml(config.s3Url + config.headerLogo)}" alt="${escapeHtml(config.displayName)}" width="176" height="38" class="h-9 w-auto"></div></header>`;
  if (pathname !== '/') return header;
  return `${header}<section class="relative isolate overflow-hidden bg-brand"><img src="${escapeHtml(config.s3Url + config.banners.home)}" alt="" width="1600" height="480" class="absolute inset-0 -z-10 h-full w-full object-cover opacity-90"><div class="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:pt-16"><h1 class="max-w-2xl text-3xl font-bold text-white drop-shadow sm:text-4xl">Search the most affordable flights in Nepal</h1><p class="mt-2 max-w-xl text-white/95 drop-shadow">Domestic and international flights with ${escapeHtml(config.displayName)}.</p></div></section>`;
}
