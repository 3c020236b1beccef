import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const manifestFor = (host: string) =>
  t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });

describe('GET /manifest.webmanifest (the installable app)', () => {
  it("carries the host's brand: its name, colour and favicon as the icon, opening on the home page", async () => {
    const response = await manifestFor('localhost:3000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: 'Sajilo Travels',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      icons: [{ src: '/brand-assets/sajilo/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      shortcuts: [{ url: '/user/tickets' }],
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it("gives the bank's host the bank's manifest, not the agency's", async () => {
    const agency = (await manifestFor('localhost:3000')).json();
    const bank = (await manifestFor('GlobalIME.localhost')).json();
    expect(bank.name).not.toBe(agency.name);
    expect(bank.icons[0].src).toBe('/brand-assets/globalime/favicon.svg');
    expect(bank.theme_color).not.toBe(agency.theme_color);
  });
});
