import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/accounts';
import { adminSessions, asAdmin, GLOBALIME, PNG_PIXEL, SAJILO } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: '4096' });
  sessions = await adminSessions(t);
});
afterAll(() => t.close());

const getSettings = async () => (await asAdmin(t, sessions.sajiloAdmin, 'GET', '/admin/brand')).json().data;

describe('brand settings', () => {
  it('answers every site-configuration field and the host names to the brand’s admin only', async () => {
    const settings = await getSettings();
    expect(settings.slug).toBe('sajilo');
    expect(settings.hosts).toContain('localhost');
    expect(settings.config.displayName).toBe('Sajilo Travels');
    expect(settings.config.banners.side).toHaveLength(5);
    const agent = await asAdmin(t, sessions.sajiloAgent, 'GET', '/admin/brand');
    expect(agent.statusCode).toBe(403);
    expect((await api(t, { method: 'GET', url: '/admin/brand' })).statusCode).toBe(401);
    // Global IME's admin on Sajilo's host is nobody there.
    const other = await asAdmin(t, sessions.globalimeAdmin, 'GET', '/admin/brand', undefined, SAJILO);
    expect(other.statusCode).toBe(401);
  });

  it('saves a change the public site shows at once, and audits old → new', async () => {
    const settings = await getSettings();
    const config = {
      ...settings.config,
      displayName: 'Sajilo Yatra',
      banners: {
        ...settings.config.banners,
        bookingTop: { ...settings.config.banners.bookingTop, title: 'Dashain offers' },
      },
    };
    const saved = await asAdmin(t, sessions.sajiloAdmin, 'PUT', '/admin/brand', {
      config,
      hosts: settings.hosts,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    const publicConfig = (await api(t, { method: 'GET', url: '/site-config' })).json().data;
    expect(publicConfig.displayName).toBe('Sajilo Yatra');
    expect(publicConfig.banners.bookingTop.title).toBe('Dashain offers');
    const page = await t.app.inject({
      url: '/api/b2b/v2/admin/audit?action=brand.update',
      headers: { host: SAJILO, cookie: sessions.sajiloAdmin },
    });
    const [entry] = page.json().data.items;
    expect(entry).toMatchObject({
      actor: 'admin@sajilo.example',
      entityType: 'brand',
      before: { displayName: 'Sajilo Travels' },
      after: { displayName: 'Sajilo Yatra' },
    });
    expect(entry.before.banners.bookingTop.title).toMatch(/Saurya/);
    // Put it back for the other tests.
    await asAdmin(t, sessions.sajiloAdmin, 'PUT', '/admin/brand', {
      config: settings.config,
      hosts: settings.hosts,
    });
  });

  it('turns the IATA-accredited mark on for a brand whose setting is off, audited; a config without it means off', async () => {
    const bankHost = { host: GLOBALIME };
    const before = (
      await asAdmin(t, sessions.globalimeAdmin, 'GET', '/admin/brand', undefined, GLOBALIME)
    ).json().data;
    expect(before.config.iataAccredited).toBe(false);
    const saved = await asAdmin(
      t,
      sessions.globalimeAdmin,
      'PUT',
      '/admin/brand',
      {
        config: { ...before.config, iataAccredited: true },
        hosts: before.hosts,
      },
      GLOBALIME,
    );
    expect(saved.statusCode).toBe(200);
    const shown = (await t.app.inject({ url: '/api/b2b/v2/site-config', headers: bankHost })).json().data;
    expect(shown.iataAccredited).toBe(true);
    const audit = await t.app.inject({
      url: '/api/b2b/v2/admin/audit?action=brand.update',
      headers: { ...bankHost, cookie: sessions.globalimeAdmin },
    });
    expect(audit.json().data.items[0]).toMatchObject({
      before: { iataAccredited: false },
      after: { iataAccredited: true },
    });
    const { iataAccredited: _dropped, ...withoutMark } = before.config;
    await asAdmin(
      t,
      sessions.globalimeAdmin,
      'PUT',
      '/admin/brand',
      { config: withoutMark, hosts: before.hosts },
      GLOBALIME,
    );
    const after = (await t.app.inject({ url: '/api/b2b/v2/site-config', headers: bankHost })).json().data;
    expect(after.iataAccredited).toBe(false);
  });

  it('refuses an invalid colour, naming the field', async () => {
    const settings = await getSettings();
    const config = { ...settings.config, colours: { ...settings.config.colours, primary: 'green' } };
    const response = await asAdmin(t, sessions.sajiloAdmin, 'PUT', '/admin/brand', {
      config,
      hosts: settings.hosts,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.fields)).toEqual(['config.colours.primary']);
  });

  it('refuses a host name another brand uses, naming it, and changes nothing', async () => {
    const settings = await getSettings();
    const hosts = [...settings.hosts, GLOBALIME];
    const response = await asAdmin(t, sessions.sajiloAdmin, 'PUT', '/admin/brand', {
      config: settings.config,
      hosts,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toEqual({
      [`hosts.${hosts.length - 1}`]: expect.stringMatching(/another brand/),
    });
    expect((await getSettings()).hosts).toEqual(settings.hosts);
  });

  it('adds and removes host names', async () => {
    const settings = await getSettings();
    const hosts = ['localhost', 'tickets.sajilo.example'];
    const response = await asAdmin(t, sessions.sajiloAdmin, 'PUT', '/admin/brand', {
      config: settings.config,
      hosts,
    });
    expect(response.json().data.hosts).toEqual(hosts);
    const onNewHost = await api(t, { method: 'GET', url: '/site-config', host: 'tickets.sajilo.example' });
    expect(onNewHost.json().data.slug).toBe('sajilo');
    await asAdmin(t, sessions.sajiloAdmin, 'PUT', '/admin/brand', {
      config: settings.config,
      hosts: settings.hosts,
    });
  });
});

describe('image uploads', () => {
  const upload = (body: Buffer | string, type: string, cookie = sessions.sajiloAdmin) =>
    api(t, {
      method: 'POST',
      url: '/admin/uploads',
      cookie,
      payload: body,
      headers: { 'content-type': type },
    });

  it('stores a PNG and serves it with a year of caching', async () => {
    const response = await upload(PNG_PIXEL, 'image/png');
    expect(response.statusCode).toBe(200);
    const { url, contentType, bytes } = response.json().data;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png$/);
    expect(contentType).toBe('image/png');
    expect(bytes).toBe(PNG_PIXEL.length);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(PNG_PIXEL)).toBe(true);
  });

  it('stores a clean SVG as sent and serves it sandboxed and unsniffed', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#0b6e4f"/></svg>';
    const response = await upload(svg, 'image/svg+xml');
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ url: response.json().data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toBe(svg);
  });

  it('serves every uploaded type with the sandbox CSP and nosniff', async () => {
    const response = await upload(PNG_PIXEL, 'image/png');
    const served = await t.app.inject({ url: response.json().data.url });
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('stores a hostile SVG cleaned: no script, handler, javascript: link, foreignObject or animation', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/2000/svg" onload="alert(1)">' +
      '<x:script>alert(1)</x:script><script>alert(2)</script>' +
      '<a href="javascript:alert(1)"><set attributeName="onmouseover" to="alert(1)"/>' +
      '<animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>' +
      '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>' +
      '<rect width="10" height="10"/></svg>';
    const response = await upload(svg, 'image/svg+xml');
    expect(response.statusCode).toBe(200);
    const { url, bytes } = response.json().data;
    const served = await t.app.inject({ url });
    expect(served.body.length).toBe(bytes);
    expect(served.body).toContain('<rect width="10" height="10"/>');
    expect(served.body).not.toMatch(/script|\son[a-z]+\s*=|javascript:|foreignObject|iframe|<set|<animate/i);
  });

  it.each([
    [
      'an entity',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "&#60;script&#62;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    ],
    ['malformed XML', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'],
  ])('refuses an SVG with %s in the error envelope, naming the file', async (_name, svg) => {
    const response = await upload(svg, 'image/svg+xml');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      data: { code: 'VALIDATION_FAILED', error: expect.any(String), fields: { file: expect.any(String) } },
    });
  });

  it('refuses a wrong type, a type the bytes do not match and an oversized image with 400 naming the file', async () => {
    for (const [body, type] of [
      [Buffer.from('%PDF-1.4'), 'application/pdf'],
      [Buffer.from('hello'), 'text/plain'],
      [PNG_PIXEL, 'image/jpeg'],
      [Buffer.concat([PNG_PIXEL, Buffer.alloc(5000)]), 'image/png'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const response = await upload(body, type);
      expect(response.statusCode, type).toBe(400);
      expect(response.json().data.fields, type).toHaveProperty('file');
    }
  });

  it('refuses non-admins before reading the body', async () => {
    expect((await upload(PNG_PIXEL, 'image/png', sessions.sajiloAgent)).statusCode).toBe(403);
    expect((await upload(PNG_PIXEL, 'image/png', '')).statusCode).toBe(401);
  });
});
