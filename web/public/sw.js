/*
 * Tikat's service worker (docs/web.md#offline-tickets). Hand-written, no build step: it keeps what
 * a traveller has opened so My Tickets, a ticket's page and its e-ticket PDF still load at an
 * airport with no signal.
 *
 * - Pages (navigations): network first; offline, the same path from the cache, else any page
 *   cached before (the app routes on the client, so one page's HTML starts every route). Kept by
 *   path without the query (which may carry a token); /auth/ pages are not kept.
 * - /assets/ (hashed, never change): cache first, kept as they are fetched.
 * - /brand-assets/ (logos): network first with the cache as fallback.
 * - The API answers those pages need (GET /me, /tickets, /bookings/:pnr, its ticket.pdf): network
 *   first with the cache as fallback. Only successful answers are kept. They are the signed-in
 *   user's own data, so the whole API cache is dropped when a session starts or ends (a POST to
 *   /auth/* or /clients/profile passes through here) and when the API answers 401.
 * Nothing else of the API is cached; other origins (payment gateways) are never touched.
 */
const VERSION = 'v1';
const PAGES = `tikat-pages-${VERSION}`;
const ASSETS = `tikat-assets-${VERSION}`;
const API = `tikat-api-${VERSION}`;
const KNOWN = [PAGES, ASSETS, API];
const API_BASE = '/api/b2b/v2';
/** Paths under API_BASE kept for offline reading. */
const OFFLINE_API = [
  /^\/me$/,
  /^\/tickets$/,
  /^\/bookings\/[A-Za-z0-9]{4,12}$/,
  /^\/bookings\/[A-Za-z0-9]{4,12}\/ticket\.pdf$/,
];
/** Requests that start or end a session: whatever was cached belonged to the one before. */
const SESSION_CHANGE = /^\/(auth\/|clients\/profile$)/;
/** Hashed files kept at most (the oldest go first), so old builds do not pile up. */
const MAX_ASSETS = 300;
const MAX_PAGES = 30;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!KNOWN.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** What a same-origin GET is to this worker: which cache and which strategy, or nothing. */
function kindOf(url, mode) {
  if (url.origin !== self.location.origin) return null;
  const path = url.pathname;
  if (path.startsWith(`${API_BASE}/`)) {
    const apiPath = path.slice(API_BASE.length);
    return OFFLINE_API.some((pattern) => pattern.test(apiPath)) ? 'api' : null;
  }
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith('/brand-assets/')) return 'brand-asset';
  if (mode === 'navigate' || mode === 'page') {
    if (path.startsWith('/admin') || path.startsWith('/api/') || path === '/sw.js') return null;
    return 'page';
  }
  return null;
}

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

async function keep(cacheName, request, response, max) {
  const cache = await caches.open(cacheName);
  await cache.delete(request);
  await cache.put(request, response);
  if (max) await trim(cacheName, max);
}

/**
 * Bumped when a session starts or ends: an API answer asked for under an earlier session is not
 * kept, even when it arrives after the cache was dropped.
 */
let session = 0;

function dropApiAnswers() {
  session += 1;
  return caches.delete(API);
}

/**
 * A page is kept under its path alone: its HTML does not depend on the query, and a query may
 * carry a secret (a password-reset token, a partner app's sign-in data) that must not be stored.
 * The sign-in pages are not kept at all.
 */
function pageKey(address) {
  const url = new URL(address);
  return url.pathname.startsWith('/auth/') ? null : `${url.origin}${url.pathname}`;
}

async function networkFirst(request, kind) {
  const cacheName = kind === 'api' ? API : kind === 'page' ? PAGES : ASSETS;
  const key = kind === 'page' ? pageKey(request.url) : request;
  const askedIn = session;
  try {
    const response = await fetch(request);
    if (kind === 'api' && response.status === 401) await dropApiAnswers();
    else if (key && response.ok && response.type === 'basic' && (kind !== 'api' || askedIn === session))
      await keep(cacheName, key, response.clone(), kind === 'page' ? MAX_PAGES : 0);
    return response;
  } catch (error) {
    const cache = await caches.open(cacheName);
    const cached = key ? await cache.match(key, { ignoreVary: true }) : undefined;
    if (cached) return cached;
    if (kind === 'page') {
      // Any page starts the app; its router then draws the route asked for.
      const pages = await cache.keys();
      const last = pages.length
        ? await cache.match(pages[pages.length - 1], { ignoreVary: true })
        : undefined;
      if (last) return last;
    }
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await keep(ASSETS, request, response.clone(), MAX_ASSETS);
  return response;
}

function respond(request, kind) {
  return kind === 'asset' ? cacheFirst(request) : networkFirst(request, kind);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET') {
    if (
      request.method === 'POST' &&
      url.origin === self.location.origin &&
      url.pathname.startsWith(`${API_BASE}/`) &&
      SESSION_CHANGE.test(url.pathname.slice(API_BASE.length))
    )
      // Dropped before the request and again once it is answered (offline too): answers to
      // requests made meanwhile, under the session that is ending, are not kept either.
      event.respondWith(dropApiAnswers().then(() => fetch(request).finally(dropApiAnswers)));
    return;
  }
  if (request.headers.has('range')) return;
  const kind = kindOf(url, request.mode);
  if (kind) event.respondWith(respond(request, kind));
});

/**
 * The page that registered this worker names what it loaded before the worker controlled it (its
 * own address, its scripts, the API answers it read): they are fetched again and kept, so the
 * first page opened is available offline too.
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      for (const address of data.urls.slice(0, 200)) {
        if (typeof address !== 'string') continue;
        let url;
        try {
          url = new URL(address, self.location.origin);
        } catch {
          continue;
        }
        const kind = kindOf(url, address === data.page ? 'page' : 'no-cors');
        if (!kind) continue;
        const request = new Request(url.href, { credentials: 'same-origin' });
        if (kind === 'asset' && (await caches.match(request, { ignoreVary: true }))) continue;
        await respond(request, kind).catch(() => undefined);
      }
    })(),
  );
});
