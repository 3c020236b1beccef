import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/index';
import { recipientText } from '../../domain/outbox/deliver-email-outbox';
import { demoBrands } from '../../seed/demo-brands';
import { api, GLOBALIME } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A password link is on the host of the user's brand, never on
 * PUBLIC_URL's alone. Here Global IME is the default brand (served on every host no brand
 * claims) while PUBLIC_URL's host, localhost, is Sajilo's.
 */

const GLOBALIME_HOSTS = demoBrands.find((brand) => brand.slug === 'globalime')?.hosts ?? [];
const EMAIL = 'customer@globalime.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEFAULT_BRAND: 'globalime', PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(() => t.close());

/** Asks for a reset on `host`; answers the link the user gets. */
async function resetLinkOn(host: string): Promise<URL> {
  await t.app.db.delete(emailOutbox).where(eq(emailOutbox.to, EMAIL));
  const response = await api(t, {
    method: 'POST',
    url: '/auth/password-reset',
    host,
    payload: { email: EMAIL },
  });
  expect(response.statusCode).toBe(200);
  const [mail] = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, EMAIL));
  const text = mail ? recipientText(mail, t.app.emailLinksKey) : '';
  const link = /(https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no reset link in ${text}`);
  return new URL(link);
}

describe('password reset e-mail of a Global IME user', () => {
  it('links to Global IME’s host, asked on it or on a host no brand claims; never to PUBLIC_URL’s (Sajilo’s)', async () => {
    const onItsHost = await resetLinkOn(GLOBALIME);
    expect(`${onItsHost.protocol}//${onItsHost.host}${onItsHost.pathname}`).toBe(
      'http://globalime.localhost:3000/auth/reset-password',
    );

    const elsewhere = await resetLinkOn('tikat-gateway.internal');
    expect(elsewhere.hostname).not.toBe('localhost');
    expect(GLOBALIME_HOSTS).toContain(elsewhere.hostname);
    expect(`${elsewhere.protocol}//${elsewhere.port}`).toBe('http://3000');
  });
});
