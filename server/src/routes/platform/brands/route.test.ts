import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../db/schema/index';
import { DEMO_OPERATOR_EMAIL } from '../../../seed/demo-users';
import { api, logIn } from '../../../test/accounts';
import { adminSessions, asAdmin, GLOBALIME } from '../../../test/admin';
import { recipientToken } from '../../../test/outbox';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let operator: string;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = (await logIn(t, DEMO_OPERATOR_EMAIL)).cookie;
  sessions = await adminSessions(t);
});
afterAll(() => t.close());

const newBrand = {
  slug: 'himal',
  displayName: 'Himal Tours',
  companyName: 'Himal Tours Pvt. Ltd.',
  hosts: ['himal.localhost'],
  admin: { firstName: 'Nima', lastName: 'Sherpa', email: 'nima@himal.example' },
};

describe('the platform operator', () => {
  it('lists the brands; brand admins and agents may not', async () => {
    const list = await asAdmin(t, operator, 'GET', '/platform/brands');
    expect(
      list
        .json()
        .data.map((b: { slug: string }) => b.slug)
        .sort(),
    ).toEqual(['globalime', 'sajilo']);
    expect((await asAdmin(t, sessions.sajiloAdmin, 'GET', '/platform/brands')).statusCode).toBe(403);
    expect((await asAdmin(t, sessions.sajiloAgent, 'GET', '/platform/brands')).statusCode).toBe(403);
    expect((await api(t, { method: 'GET', url: '/platform/brands' })).statusCode).toBe(401);
  });

  it('creates a brand on its host with a first admin invited by e-mail', async () => {
    const created = await asAdmin(t, operator, 'POST', '/platform/brands', newBrand);
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      slug: 'himal',
      displayName: 'Himal Tours',
      hosts: ['himal.localhost'],
    });
    const site = (await api(t, { method: 'GET', url: '/site-config', host: 'himal.localhost' })).json().data;
    expect(site).toMatchObject({
      slug: 'himal',
      displayName: 'Himal Tours',
      s3Url: '/brand-assets/default/',
    });
    const logo = await t.app.inject({ url: `${site.s3Url}${site.headerLogo}` });
    expect(logo.statusCode).toBe(200);

    // The invitation opens the new brand's host; the admin sets a password and runs the brand.
    const [invite] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'nima@himal.example'));
    expect(invite?.text).toContain('http://himal.localhost:3000/auth/reset-password?token=********');
    const token = recipientToken(t, invite);
    await api(t, {
      method: 'POST',
      url: '/auth/password-reset/confirm',
      host: 'himal.localhost',
      payload: { token, password: 'himal admin pass phrase' },
    });
    const { cookie } = await logIn(t, 'nima@himal.example', {
      host: 'himal.localhost',
      password: 'himal admin pass phrase',
    });
    const settings = await asAdmin(t, cookie, 'GET', '/admin/brand', undefined, 'himal.localhost');
    expect(settings.json().data.slug).toBe('himal');
    const audit = (await asAdmin(t, cookie, 'GET', '/admin/audit', undefined, 'himal.localhost')).json().data
      .items;
    expect(audit.map((e: { action: string }) => e.action).sort()).toEqual(['brand.create', 'user.create']);
    expect(audit[0].actor).toBe(DEMO_OPERATOR_EMAIL);
  });

  it('refuses a slug or host name in use, naming the field', async () => {
    const slug = await asAdmin(t, operator, 'POST', '/platform/brands', {
      ...newBrand,
      hosts: ['other.localhost'],
    });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().data.fields).toHaveProperty('slug');
    const host = await asAdmin(t, operator, 'POST', '/platform/brands', {
      ...newBrand,
      slug: 'another',
      hosts: ['new.localhost', GLOBALIME],
    });
    expect(host.statusCode).toBe(400);
    expect(host.json().data.fields).toHaveProperty('hosts.1');
    const bad = await asAdmin(t, operator, 'POST', '/platform/brands', {
      ...newBrand,
      slug: 'Bad Slug!',
      hosts: ['a b'],
    });
    expect(Object.keys(bad.json().data.fields).sort()).toEqual(['hosts.0', 'slug']);
  });
});
