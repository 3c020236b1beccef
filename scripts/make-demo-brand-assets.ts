/**
 * Writes the demo brands' (and new brands' placeholder) SVG logos, favicons and banners into server/assets/brands/<slug>/.
 * Run once when the demo artwork changes: `npx tsx scripts/make-demo-brand-assets.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface DemoArt {
  slug: string;
  name: string;
  short: string;
  primary: string;
  accent: string;
}

const brands: DemoArt[] = [
  { slug: 'sajilo', name: 'Sajilo Travels', short: 'S', primary: '#0b6e4f', accent: '#f2a900' },
  { slug: 'globalime', name: 'Global IME', short: 'G', primary: '#c8102e', accent: '#1d3f8f' },
  // A new brand's placeholder artwork until its admin uploads its own (docs/admin.md#uploads).
  { slug: 'default', name: 'Your agency', short: 'T', primary: '#1f6feb', accent: '#f2a900' },
];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function logo(art: DemoArt, textColour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="48" viewBox="0 0 220 48" role="img" aria-label="${escapeXml(art.name)}">
<rect x="2" y="6" width="36" height="36" rx="10" fill="${art.primary}"/>
<path d="M10 28 L30 18 L26 30 Z" fill="${art.accent}"/>
<text x="48" y="32" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="${textColour}">${escapeXml(art.name)}</text>
</svg>`;
}

/** Artwork with no words: the page writes its own heading over it. */
function landscape(art: DemoArt, width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${art.primary}"/><stop offset="1" stop-color="${art.accent}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<path d="M0 ${height} L${width * 0.18} ${height * 0.5} L${width * 0.3} ${height * 0.68} L${width * 0.5} ${height * 0.28} L${width * 0.62} ${height * 0.5} L${width * 0.78} ${height * 0.34} L${width} ${height * 0.7} L${width} ${height}Z" fill="#ffffff" fill-opacity="0.16"/>
<path d="M${width * 0.5} ${height * 0.28} L${width * 0.46} ${height * 0.36} L${width * 0.5} ${height * 0.34} L${width * 0.54} ${height * 0.37}Z" fill="#ffffff" fill-opacity="0.5"/>
</svg>`;
}

function favicon(art: DemoArt): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="${art.primary}"/>
<text x="32" y="44" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="36" font-weight="700" fill="#ffffff">${art.short}</text>
</svg>`;
}

function banner(art: DemoArt, width: number, height: number, title: string): string {
  const size = Math.round(Math.min(height / 4, width / (title.length * 0.62 + 4)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${art.primary}"/><stop offset="1" stop-color="${art.accent}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<path d="M0 ${height} L${width * 0.3} ${height * 0.45} L${width * 0.45} ${height * 0.7} L${width * 0.65} ${height * 0.3} L${width} ${height}" fill="#ffffff" fill-opacity="0.18"/>
<text x="${width / 2}" y="${height / 2 + size / 3}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff">${escapeXml(title)}</text>
</svg>`;
}

for (const art of brands) {
  const folder = path.resolve(import.meta.dirname, '../server/assets/brands', art.slug);
  mkdirSync(folder, { recursive: true });
  const files: Record<string, string> = {
    'header-logo.svg': logo(art, '#1f2937'),
    'footer-logo.svg': logo(art, '#ffffff'),
    'favicon.svg': favicon(art),
    'home-banner.svg': landscape(art, 1600, 480),
    'top-banner-large.svg': banner(art, 1200, 160, 'Saurya Airlines resumes operations'),
    'top-banner-small.svg': banner(art, 600, 160, 'Saurya Airlines is back'),
    'bottom-banner-large.svg': banner(art, 1200, 160, 'Kathmandu to Kuwait and beyond'),
    'bottom-banner-small.svg': banner(art, 600, 160, 'Fly to Kuwait'),
  };
  for (let i = 1; i <= 5; i++) files[`side-banner-${i}.svg`] = banner(art, 300, 600, `Offer ${i}`);
  for (const [name, svg] of Object.entries(files)) writeFileSync(path.join(folder, name), `${svg}\n`);
}
console.log('demo brand assets written');
