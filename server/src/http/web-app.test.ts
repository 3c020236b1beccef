import { describe, expect, it } from 'vitest';
import { presentSiteConfig } from '../presenters/site-config';
import { demoBrands } from '../seed/demo-brands';
import { brandHead, firstPaint } from './web-app';

const configOf = (slug: string) => {
  const demo = demoBrands.find((b) => b.slug === slug);
  if (!demo) throw new Error(slug);
  return presentSiteConfig({ id: 'b', slug, config: demo.config });
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
});
