/**
 * Writes server/src/seed/data/country-names-ne.json, the countries' Nepali names the seed loads:
 * `npm run generate:country-names`. Run it after updating Node (its ICU carries CLDR) or
 * `world-countries` (the country codes).
 *
 * The names are CLDR's Nepali region names as Node's ICU ships them. They are generated here, not
 * computed in the browser, because browsers built without full ICU (Debian's Chromium) have no
 * Nepali display names.
 */

import { writeFileSync } from 'node:fs';
import worldCountries from 'world-countries';

const OUTPUT = new URL('../server/src/seed/data/country-names-ne.json', import.meta.url);

const nepali = new Intl.DisplayNames(['ne'], { type: 'region', fallback: 'none' });
if (nepali.resolvedOptions().locale !== 'ne')
  throw new Error('This Node has no Nepali CLDR data (full ICU).');

const names: [string, string][] = [];
for (const code of worldCountries.map((country) => country.cca2).sort()) {
  const name = nepali.of(code);
  if (name && name !== code) names.push([code, name]);
}
const sources = { cldr: process.versions.cldr ?? 'unknown', icu: process.versions.icu ?? 'unknown' };
// One country per line keeps the committed file's diffs readable.
const lines = names.map(([code, name]) => `    ${JSON.stringify(code)}: ${JSON.stringify(name)}`);
writeFileSync(
  OUTPUT,
  `{\n  "generatedBy": "npm run generate:country-names",\n  "sources": ${JSON.stringify(sources)},\n  "names": {\n${lines.join(',\n')}\n  }\n}\n`,
);
console.log(`${names.length} of ${worldCountries.length} countries → ${OUTPUT.pathname}`);
