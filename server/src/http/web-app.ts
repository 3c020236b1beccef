import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assetAddress } from '#shared/asset-address';
import type { PublicSiteConfig } from '#shared/site-config';
import { BRAND_ASSETS, WEB_DIST } from '../app-files';
import type { Brand, BrandDirectory } from '../domain/brands/brand-directory';
import { suppliersForBrand } from '../domain/suppliers/configured-suppliers';
import { errorBody } from '../errors';
import type { PaymentGatewayDirectory } from '../payments/brand-gateways';
import { presentSiteConfig } from '../presenters/site-config';
import { compress, preferredEncoding } from './compression';

/** Marker in web/index.html replaced by the brand's head tags and bootstrap data. */
const HEAD_MARKER = '<!--app-head-->';
/**
 * Marker inside #root replaced by a static first paint, which React replaces when it starts
 * (docs/decisions/0013-server-first-paint-not-full-server-rendering.md).
 */
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
  payments: Pick<PaymentGatewayDirectory, 'siteMode'>,
): Promise<WebPageHandler | undefined> {
  const siteConfigOf = async (brand: Brand) =>
    presentSiteConfig(
      brand,
      await payments.siteMode(brand.id),
      (await suppliersForBrand(app.db, brand.id)).map((supplier) => supplier.id),
    );
  await app.register(fastifyStatic, {
    root: BRAND_ASSETS,
    prefix: '/brand-assets/',
    decorateReply: false,
    maxAge: '1d',
  });

  // The installable app's manifest (docs/web.md#offline-tickets), written for the host's brand.
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const brand = await brands.resolve(request.hostname);
    if (!brand) return reply.code(404).send(errorBody('NOT_FOUND', 'There is no site at this address.'));
    const config = await siteConfigOf(brand);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(JSON.stringify(webManifest(config)));
  });

  const indexPath = path.join(WEB_DIST, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn('web/dist is missing: run `npm run build:web` (npm start does it) to serve the web app');
    return undefined;
  }
  const template = inlineStylesheets(readFileSync(indexPath, 'utf8'));
  const routePreloads = routeModulePreloads(readManifest());
  await app.register(fastifyStatic, {
    root: path.join(WEB_DIST, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    // The build writes .br and .gz copies beside each text asset (web/vite.config.ts).
    preCompressed: true,
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
  // The service worker (web/public/sw.js): never cached by HTTP, so a new one is found at once.
  const serviceWorkerPath = path.join(WEB_DIST, 'sw.js');
  if (existsSync(serviceWorkerPath)) {
    const body = readFileSync(serviceWorkerPath);
    app.get('/sw.js', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(body),
    );
  }

  return async (request, reply) => {
    const brand = await brands.resolve(request.hostname);
    const config = brand ? await siteConfigOf(brand) : undefined;
    const head = config ? brandHead(config) : '<title>Tikat</title>';
    const url = new URL(request.url, 'http://localhost');
    const paint = config
      ? firstPaint(config, url.pathname, url.searchParams.has('hideTitle'), url.searchParams)
      : '';
    const preloads = routePreloads.get(url.pathname.toLowerCase().replace(/(.)\/+$/, '$1')) ?? '';
    const html = themedRoot(
      template.replace(HEAD_MARKER, head + preloads).replace(FIRST_PAINT_MARKER, paint),
      config,
    );
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compress(html, encoding));
  };
}

/**
 * The stylesheet written into the page instead of linked: one request fewer before the first
 * paint (it is a few kilobytes compressed, and the page is never cached for long anyway).
 */
function inlineStylesheets(html: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const filePath = path.join(WEB_DIST, 'assets', file);
      return existsSync(filePath) ? `<style>${readFileSync(filePath, 'utf8')}</style>` : tag;
    },
  );
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

function readManifest(): Record<string, ManifestChunk> {
  const manifestPath = path.join(WEB_DIST, '.vite/manifest.json');
  return existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
}

/**
 * The page module of each public route (web/src/app/router.tsx loads them lazily). The server
 * names the one a page needs, with its imports, as modulepreload links, so the browser fetches
 * it beside the entry instead of after the entry has run.
 */
const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/features/search/home-page.tsx',
  '/flight-search': 'src/features/search/flight-search-page.tsx',
  '/fare-calendar': 'src/features/search/fare-calendar-page.tsx',
  '/auth/login': 'src/features/auth/login-page.tsx',
  '/auth/signup': 'src/features/auth/signup-page.tsx',
  '/user/bookings': 'src/features/user/my-bookings-page.tsx',
  '/user/tickets': 'src/features/user/my-tickets-page.tsx',
  '/booking': 'src/features/booking/booking-page.tsx',
  '/booking/flightconfirm': 'src/features/booking/flight-confirm-page.tsx',
  '/booking/bookingconfirm': 'src/features/booking/booking-confirm-page.tsx',
};

export function routeModulePreloads(manifest: Record<string, ManifestChunk>): Map<string, string> {
  const inEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, inEntry);
  const preloads = new Map<string, string>();
  for (const [route, module] of Object.entries(ROUTE_MODULES)) {
    const files = new Set<string>();
    collect(module, files);
    const links = [...files]
      .filter((file) => !inEntry.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    if (links.length) preloads.set(route, `\n    ${links.join('\n    ')}`);
  }
  return preloads;
}

/**
 * A brand with a theme choice (spec §4.4) starts as 'system': the stylesheet draws it by the
 * visitor's OS preference until the app applies the stored choice, so a dark phone sees no light
 * flash. Other brands are always light.
 */
export function themedRoot(html: string, config: PublicSiteConfig | undefined): string {
  if (config?.themeMode !== 'switchable') return html;
  return html.replace(/<html([^>]*)>/, (tag, attributes: string) =>
    attributes.includes('data-theme') ? tag : `<html${attributes} data-theme="system">`,
  );
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
    '<link rel="manifest" href="/manifest.webmanifest">',
    `<style>:root{--brand-primary:${config.colours.primary};--brand-primary-contrast:${config.colours.primaryContrast};--brand-accent:${config.colours.accent}}</style>`,
    `<script type="application/json" id="site-config">${scriptJson(config)}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** An icon's MIME type by its file name (the brand's favicon may be SVG, PNG, ICO or WebP). */
function iconType(address: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(address)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    svg: 'image/svg+xml',
    png: 'image/png',
    ico: 'image/x-icon',
    webp: 'image/webp',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
  };
  return extension ? types[extension] : undefined;
}

/**
 * The brand's web app manifest: installed, the app carries the brand's name, colours and icon
 * (its favicon, at any size when it is an SVG) and opens on the home page; a shortcut leads to My
 * Tickets, which works offline once opened (web/public/sw.js).
 */
export function webManifest(config: PublicSiteConfig) {
  const icon = assetAddress(config, config.favicon);
  const type = iconType(icon);
  return {
    id: '/',
    name: config.displayName,
    short_name: config.displayName.length <= 12 ? config.displayName : config.displayName.split(/\s+/)[0],
    description:
      config.seoDescription || `Search the most affordable flights in Nepal with ${config.displayName}.`,
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: config.colours.primary,
    background_color: '#ffffff',
    icons: [
      {
        src: icon,
        sizes: type === 'image/svg+xml' ? 'any' : '192x192',
        ...(type ? { type } : {}),
        purpose: 'any',
      },
    ],
    shortcuts: [{ name: 'My Tickets', url: '/user/tickets' }],
  };
}

/** The app's ribbon (web/src/app/layout/components/test-payments-ribbon.tsx), drawn the same way. */
const TEST_PAYMENTS_RIBBON =
  '<p role="status" class="bg-amber-100 px-4 py-0.5 text-center text-xs font-medium text-amber-950">Test payments — no real money moves</p>';

/**
 * What the page shows before the JavaScript has started: the header with the brand's logo (by the
 * header rules of spec §2) and, on the home page, the hero with its heading; on a results page,
 * the page heading with the search it runs. On a slow phone this is the first and largest paint;
 * React replaces it with the live page, drawn the same way (web/src/features/search/*-page.tsx).
 */
export function firstPaint(
  config: PublicSiteConfig,
  pathname: string,
  hideTitle: boolean,
  search: URLSearchParams = new URLSearchParams(),
): string {
  const ribbon = config.paymentsMode === 'test' ? TEST_PAYMENTS_RIBBON : '';
  const header =
    config.hideNavbar || hideTitle
      ? ''
      : `<header class="z-30 border-b border-slate-200 bg-white/95"><div class="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4"><img src="${escapeHtml(config.s3Url + config.headerLogo)}" alt="${escapeHtml(config.displayName)}" width="176" height="38" class="h-9 w-auto"></div></header>`;
  const top = ribbon + header;
  if (pathname === '/flight-search') return top + resultsHeading(search);
  if (pathname !== '/') return top;
  return `${top}<section class="relative isolate overflow-hidden bg-brand"><img src="${escapeHtml(config.s3Url + config.banners.home)}" alt="" width="1600" height="480" fetchpriority="high" class="absolute inset-0 -z-10 h-full w-full object-cover opacity-90"><div class="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:pt-16"><h1 class="max-w-2xl text-3xl font-bold text-white drop-shadow sm:text-4xl">Search the most affordable flights in Nepal</h1><p class="mt-2 max-w-xl text-white/95 drop-shadow">Domestic and international flights with ${escapeHtml(config.displayName)}.</p></div></section>`;
}

/** The results page's heading with the flight it searches (one way or the outbound of a round trip). */
function resultsHeading(search: URLSearchParams): string {
  const code = (name: string) => (search.get(name) ?? '').toUpperCase();
  const from = code('from');
  const to = code('to');
  const date = search.get('date') ?? '';
  const trip = search.get('trip') ?? 'oneway';
  if (
    !['oneway', 'roundtrip'].includes(trip) ||
    !/^[A-Z]{3}$/.test(from) ||
    !/^[A-Z]{3}$/.test(to) ||
    !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
    Number.isNaN(Date.parse(date)) ||
    (search.get('step') ?? '0') !== '0'
  )
    return '';
  const count = (name: string) => {
    const value = Number(search.get(name) ?? 0);
    return Number.isInteger(value) && value >= 0 && value <= 9 ? value : 0;
  };
  const travellers = Math.max(1, count('adults')) + count('children') + count('infants');
  const day = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
  return `<main class="mx-auto w-full max-w-6xl flex-1 px-4 py-8"><div class="grid gap-6"><details class="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"><summary class="cursor-pointer font-semibold"><h1 class="inline text-xl">Flight search</h1><span class="ml-2 font-normal text-slate-600">${from} → ${to} · ${day} · ${travellers} ${travellers === 1 ? 'traveller' : 'travellers'}</span></summary></details><p class="font-medium" role="status">Searching flights…</p></div></main>`;
}
