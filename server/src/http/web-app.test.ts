import { describe, expect, it } from 'vitest';
import { presentSiteConfig } from '../presenters/site-config';
import { demoBrands } from '../seed/demo-brands';
import { brandHead, firstPaint, routeModulePreloads, themedRoot, webManifest } from './web-app';

const configOf = (slug: string) => {
  const demo = demoBrands.find((b) => b.slug === slug);
  if (!demo) throw new Error(slug);
  return presentSiteConfig({ id: 'b', slug, config: demo.config }, 'live', ['house']);
};

describe('the page the server writes before the app starts', () => {
  it('names the brand in the title, description and favicon, with its public config as inert JSON', () => {
    const head = brandHead(configOf('sajilo'));
    expect(head).toContain('<title>Sajilo Travels | Search the most affordable flights in Nepal</title>');
    expect(head).toContain('<link rel="icon" href="/brand-assets/sajilo/favicon.svg">');
    expect(head).toMatch(
      /<script type="application\/json" id="site-config">\{.*"displayName":"Sajilo Travels"/,
    );
  });

  it('escapes what an admin typed, so a brand name cannot inject markup or end the JSON script', () => {
    const config = { ...configOf('sajilo'), displayName: 'A <script>alert(1)</script> & "B"', seoTitle: '' };
    const head = brandHead(config);
    expect(head).not.toContain('<script>alert(1)');
    expect(head).toContain('A &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;B&quot;');
    expect(firstPaint(config, '/', false)).not.toContain('<script>');
  });

  it('paints the header and the home heading first, and follows the header rules', () => {
    const home = firstPaint(configOf('sajilo'), '/', false);
    expect(home).toContain('<header');
    expect(home).toContain('alt="Sajilo Travels"');
    expect(home).toContain('<h1');
    expect(firstPaint(configOf('sajilo'), '/booking', false)).not.toContain('<h1');
    expect(firstPaint(configOf('sajilo'), '/', true)).not.toContain('<header');
    expect(firstPaint(configOf('globalime'), '/', false)).not.toContain('<header');
  });

  it('paints the test-payments ribbon above everything while payments are tests, even without a header', () => {
    const ribbon = /^<p role="status"[^>]*>Test payments — no real money moves<\/p>/;
    for (const slug of ['sajilo', 'globalime']) {
      const test = { ...configOf(slug), paymentsMode: 'test' as const };
      expect(firstPaint(test, '/', false)).toMatch(ribbon);
      expect(firstPaint(test, '/booking', true)).toMatch(ribbon);
      expect(firstPaint(configOf(slug), '/', false)).not.toContain('Test payments');
    }
  });
});

describe('the theme of the first paint', () => {
  it("marks a switchable brand's page 'system' (the stylesheet follows the OS); other brands stay light", () => {
    const page = '<!doctype html>\n<html lang="en">\n  <head></head></html>';
    expect(themedRoot(page, configOf('globalime'))).toContain('<html lang="en" data-theme="system">');
    expect(themedRoot(page, configOf('sajilo'))).toBe(page);
    expect(themedRoot(page, undefined)).toBe(page);
  });
});

describe('serving the page fast', () => {
  it('paints the results page heading with the search it runs, and nothing for a search it cannot read', () => {
    const config = configOf('sajilo');
    const paint = firstPaint(
      config,
      '/flight-search',
      false,
      new URLSearchParams('trip=oneway&from=ktm&to=PKR&date=2026-12-01&adults=2&children=1&nat=NP'),
    );
    expect(paint).toContain('<h1 class="inline text-xl">Flight search</h1>');
    expect(paint).toContain('KTM → PKR · Tue, 1 Dec 2026 · 3 travellers');
    const unreadable = firstPaint(
      config,
      '/flight-search',
      false,
      new URLSearchParams('from=<b>&to=PKR&date=2026-12-01'),
    );
    expect(unreadable).not.toContain('<h1');
    expect(unreadable).not.toContain('<b>');
  });

  it("preloads a route's own modules, not the ones the entry already loads", () => {
    const preloads = routeModulePreloads({
      'src/main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      'src/features/search/flight-search-page.tsx': {
        file: 'assets/flight-search-page.js',
        imports: ['_react.js', '_search-url.js'],
      },
      '_search-url.js': { file: 'assets/search-url.js' },
    });
    const links = preloads.get('/flight-search') ?? '';
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/flight-search-page.js">');
    expect(links).toContain('href="/assets/search-url.js"');
    expect(links).not.toContain('react.js');
    expect(preloads.has('/')).toBe(false);
  });
});

describe('the installable app', () => {
  it('links the brand manifest from every page head', () => {
    expect(brandHead(configOf('sajilo'))).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('names a PNG favicon by its type and a size, and shortens a long brand name', () => {
    const config = {
      ...configOf('sajilo'),
      favicon: 'icon-192.png',
      displayName: 'Himalayan Skyways Travel',
    };
    const manifest = webManifest(config);
    expect(manifest.icons[0]).toMatchObject({ type: 'image/png', sizes: '192x192' });
    expect(manifest.short_name).toBe('Himalayan');
  });
});
