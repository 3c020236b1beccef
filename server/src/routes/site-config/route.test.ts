import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicSiteConfig } from '#shared/site-config';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const siteConfigFor = async (host: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/b2b/v2/site-config', headers: { host } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe('GET /api/b2b/v2/site-config', () => {
  it('answers the agency brand on localhost, always light', async () => {
    const config = await siteConfigFor('localhost:3000');
    expect(config).toMatchObject({
      slug: 'sajilo',
      displayName: 'Sajilo Travels',
      themeMode: 'light',
      isAppSdk: false,
      hideNavbar: false,
      selfLogin: true,
      hasPayment: true,
      customAirport: true,
      userDataKey: 'SajiloTravelsUserData',
      contactDataKey: 'SajiloTravelsContactData',
    });
    expect(config.customAirportsData.map((a: { country: string }) => a.country)).toEqual([
      'Malaysia',
      'Nepal',
      'India',
      'Kuwait',
      'China',
    ]);
    expect(config.customAirportIncludeLists).toEqual([
      'KTM',
      'PKR',
      'DEL',
      'DOH',
      'DXB',
      'LHR',
      'DFW',
      'SYD',
      'LIS',
      'BKK',
      'KWI',
      'CTU',
      'KUL',
    ]);
    expect(config.banners.side).toHaveLength(5);
    expect(config.banners.bookingTop.title).toMatch(/resumes .* 2023/);
    expect(config.banners.bookingBottom.title).toMatch(/Kathmandu to Kuwait/);
  });

  it("answers the bank brand on the bank's host name", async () => {
    const config = await siteConfigFor('GlobalIME.localhost');
    expect(config).toMatchObject({
      slug: 'globalime',
      displayName: 'Global IME',
      themeMode: 'switchable',
      isAppSdk: true,
      hideNavbar: true,
    });
  });

  it('answers the default brand for a host no brand claims', async () => {
    expect((await siteConfigFor('unknown.example.com')).slug).toBe('sajilo');
  });

  it('carries exactly the public schema: nothing else leaks', async () => {
    const config = await siteConfigFor('localhost');
    expect(Object.keys(config).sort()).toEqual(Object.keys(publicSiteConfig.shape).sort());
  });
});

describe('a deployment with no brand', () => {
  it('answers 404 BRAND_NOT_FOUND instead of failing', async () => {
    const bare = await createTestApp({ DEFAULT_BRAND: 'nobody' });
    try {
      const response = await bare.app.inject({
        url: '/api/b2b/v2/site-config',
        headers: { host: 'nowhere.example' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().data.code).toBe('BRAND_NOT_FOUND');
    } finally {
      await bare.close();
    }
  });
});
