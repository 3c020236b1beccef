import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentSiteConfig } from '../presenters/site-config';
import { demoBrands } from '../seed/demo-brands';
import { API, GLOBALIME, logInDemo, SAJILO } from '../test/accounts';
import { asAdmin } from '../test/admin';
import { createTestApp, type TestApp } from '../test/test-app';
import { PERMISSIONS_POLICY } from './security-headers';
import { brandHead, firstPaint } from './web-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FRAME_ANCESTORS: "'self' https://all-brands.example" });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, app = t) =>
  app.app.inject({ method: 'GET', url, headers: { host: SAJILO, ...headers } });

/** The CSP's directives by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

describe('security headers', () => {
  it('send a strict Content-Security-Policy on the API and on pages: no inline or eval script', async () => {
    for (const url of [`${API}/site-config`, '/', '/flight/search']) {
      const csp = directives((await get(url)).headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('base-uri'), url).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
    }
  });

  it('send nosniff, a Referrer-Policy and a Permissions-Policy', async () => {
    const response = await get(`${API}/countries`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('keep personal answers out of every cache; only public lists say they may be cached', async () => {
    const cookie = await logInDemo(t, 'sajilo', 'customer');
    for (const url of ['/bookings', '/tickets', '/me', '/admin/users']) {
      const response = await get(`${API}${url}`, { cookie });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const failure = await get(`${API}/bookings/NOPNR1`);
    expect(failure.statusCode).toBe(401);
    expect(failure.headers['cache-control']).toBe('no-store');
    expect((await get(`${API}/countries`)).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('let only the site, FRAME_ANCESTORS and the brand’s own partner origins frame it', async () => {
    const frameAncestors = async (host: string) =>
      directives((await get('/', { host })).headers['content-security-policy']).get('frame-ancestors');
    expect(await frameAncestors(SAJILO)).toEqual(["'self'", 'https://all-brands.example']);

    const admin = await logInDemo(t, 'globalime', 'admin');
    const settings = (await asAdmin(t, admin, 'GET', '/admin/brand', undefined, GLOBALIME)).json().data;
    const saved = await asAdmin(
      t,
      admin,
      'PUT',
      '/admin/brand',
      {
        hosts: settings.hosts,
        config: { ...settings.config, frameAncestors: ['https://App.Bank.example:8443'] },
      },
      GLOBALIME,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.config.frameAncestors).toEqual(['https://app.bank.example:8443']);
    expect(await frameAncestors(GLOBALIME)).toEqual([
      "'self'",
      'https://all-brands.example',
      'https://app.bank.example:8443',
    ]);
    // Brand A's site cannot be framed by brand B's partner.
    expect(await frameAncestors(SAJILO)).toEqual(["'self'", 'https://all-brands.example']);
  });

  it('refuse a frame ancestor that is not a bare origin (it would change the policy)', async () => {
    const admin = await logInDemo(t, 'sajilo', 'admin');
    const settings = (await asAdmin(t, admin, 'GET', '/admin/brand')).json().data;
    for (const origin of [
      "https://a.example; script-src 'unsafe-inline'",
      '*',
      'https://a.example/path',
      "'none'",
    ]) {
      const response = await asAdmin(t, admin, 'PUT', '/admin/brand', {
        hosts: settings.hosts,
        config: { ...settings.config, frameAncestors: [origin] },
      });
      expect(response.statusCode, origin).toBe(400);
      expect(Object.keys(response.json().data.fields), origin).toEqual(['config.frameAncestors.0']);
    }
  });

  it('send HSTS only over HTTPS: a trusted proxy’s X-Forwarded-Proto, never a client’s own claim', async () => {
    expect((await get(`${API}/countries`)).headers['strict-transport-security']).toBeUndefined();
    const spoofed = await get(`${API}/countries`, { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const overHttps = await get(`${API}/countries`, { 'x-forwarded-proto': 'https' }, proxied);
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(overHttps.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
        true,
      );
      const overHttp = await get(`${API}/countries`, { 'x-forwarded-proto': 'http' }, proxied);
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('the page the server writes', () => {
  it('has no script the CSP would block: every script is a file of the site or inert JSON', () => {
    const template = readFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
    for (const demo of demoBrands) {
      const config = presentSiteConfig(
        { id: 'b', slug: demo.slug, config: { ...demo.config, frameAncestors: [] } },
        'test',
        ['house'],
      );
      const page = template
        .replace('<!--app-head-->', brandHead(config))
        .replace('<!--app-first-paint-->', firstPaint(config, '/', false));
      const scripts = [...page.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
      expect(scripts.length).toBeGreaterThanOrEqual(2);
      for (const attributes of scripts) expect(attributes).toMatch(/\bsrc=|type="application\/json"/);
      expect(page).not.toMatch(/\son[a-z]+=/i);
    }
  });
});
