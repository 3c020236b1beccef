/**
 * Writes web/src/assets/fonts/nepali-label.woff2: Noto Sans Devanagari cut down to the glyphs of
 * the language picker's "नेपाली" label (with its shaping rules). English pages show that one
 * Devanagari word; drawn from this font of a few hundred bytes, written into the stylesheet, they
 * need no font download of their own (the full font loads only where Nepali text appears).
 * Run when the label changes: `npx tsx scripts/generate-nepali-label-font.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { en } from '../web/src/locales/en';

const require = createRequire(import.meta.url);
const source = require.resolve(
  '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-500-normal.woff2',
);
const label = en.language.ne;
const subset = await subsetFont(readFileSync(source), label, { targetFormat: 'woff2' });
const target = path.join(import.meta.dirname, '../web/src/assets/fonts/nepali-label.woff2');
writeFileSync(target, subset);
console.log(`${path.relative(process.cwd(), target)}: "${label}", ${subset.length} bytes`);
