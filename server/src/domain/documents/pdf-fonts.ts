import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The fonts every PDF Tikat draws embeds: Noto Sans Devanagari (SIL Open Font License, from the
 * `@expo-google-fonts/noto-sans-devanagari` package's TrueType files), which holds Latin, Latin-1
 * and Devanagari with its conjuncts, so a Nepali name or a brand's Nepali text prints as written
 * on any reader, not as boxes. The standard PDF fonts (Helvetica) know neither Devanagari nor
 * arrows, and are not embedded.
 */
const fontFolder = path.dirname(
  createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-devanagari/package.json'),
);

export const PDF_FONT_FILES = {
  regular: path.join(fontFolder, '400Regular', 'NotoSansDevanagari_400Regular.ttf'),
  bold: path.join(fontFolder, '700Bold', 'NotoSansDevanagari_700Bold.ttf'),
} as const;

/**
 * The fallback for what Noto Sans Devanagari lacks (arrows and other symbols): DejaVu Sans, from
 * Debian's `fonts-dejavu-core` (installed in the image: Dockerfile), read where Debian puts it;
 * nothing is downloaded. Without it such a character prints as FALLBACK_SUBSTITUTE
 * (docs/security.md#pdf-text).
 */
export const PDF_FALLBACK_FONT_FILES = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
} as const;

/** What a character no font of the document has prints as: visible, never a silent box. */
export const FALLBACK_SUBSTITUTE = '?';

/** Names under which `registerPdfFonts` registers the fonts in a document. */
export const PDF_FONT = { regular: 'Body', bold: 'Body-Bold' } as const;
const FALLBACK_FONT = { regular: 'Fallback', bold: 'Fallback-Bold' } as const;

/** The fontkit font under a pdfkit font (pdfkit's own fields: its types do not show them). */
interface LoadedFont {
  font?: { hasGlyphForCodePoint(codePoint: number): boolean };
}
interface PdfKitFonts {
  _font: LoadedFont | null;
  _fontFamilies: Record<string, LoadedFont | undefined>;
}

type Weight = keyof typeof PDF_FONT;
interface TextRun {
  fallback: boolean;
  text: string;
}

/** Marks, joiners and variation selectors stay with the character before them (one cluster, one font). */
const JOINS_PREVIOUS = /^(?:\p{M}|\u200C|\u200D|[\uFE00-\uFE0F])$/u;

/**
 * `text` as runs of the main font and of the fallback: each character in the first of them that has
 * it; one that neither has becomes FALLBACK_SUBSTITUTE. Null when the main font has it all.
 */
export function fontRuns(
  text: string,
  main: (codePoint: number) => boolean,
  fallback: ((codePoint: number) => boolean) | null,
): TextRun[] | null {
  const runs: TextRun[] = [];
  let missing = false;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    if (last && JOINS_PREVIOUS.test(character)) {
      last.text += character;
      continue;
    }
    let fallbackRun = false;
    let printed = character;
    if (!main(codePoint) && !/\s/.test(character)) {
      missing = true;
      if (fallback?.(codePoint)) fallbackRun = true;
      else printed = FALLBACK_SUBSTITUTE;
    }
    if (last && last.fallback === fallbackRun) last.text += printed;
    else runs.push({ fallback: fallbackRun, text: printed });
  }
  return missing ? runs : null;
}

/**
 * Registers the embedded fonts in `doc` and starts it in the regular one. Text drawn in them
 * (`doc.text`) that holds a character the font lacks is drawn in runs: those characters in the
 * fallback font, the rest as before, so a name typed with an arrow prints as typed
 * (docs/security.md#pdf-text).
 */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont(PDF_FONT.regular, PDF_FONT_FILES.regular);
  doc.registerFont(PDF_FONT.bold, PDF_FONT_FILES.bold);
  const hasFallback = existsSync(PDF_FALLBACK_FONT_FILES.regular) && existsSync(PDF_FALLBACK_FONT_FILES.bold);
  if (hasFallback) {
    doc.registerFont(FALLBACK_FONT.regular, PDF_FALLBACK_FONT_FILES.regular);
    doc.registerFont(FALLBACK_FONT.bold, PDF_FALLBACK_FONT_FILES.bold);
  }
  const fonts = doc as unknown as PdfKitFonts;
  const glyphTest = (name: string) => {
    const loaded = fonts._fontFamilies[name]?.font;
    return loaded ? (codePoint: number) => loaded.hasGlyphForCodePoint(codePoint) : null;
  };
  const drawText = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  const weightInUse = (): Weight | null => {
    if (fonts._font === fonts._fontFamilies[PDF_FONT.regular]) return 'regular';
    if (fonts._font === fonts._fontFamilies[PDF_FONT.bold]) return 'bold';
    return null;
  };
  doc.text = ((text: unknown, ...rest: unknown[]) => {
    const weight = weightInUse();
    const main = weight ? glyphTest(PDF_FONT[weight]) : null;
    if (!weight || !main || text === null || text === undefined) return drawText(text, ...rest);
    const fallback = (codePoint: number) => {
      if (!fonts._fontFamilies[FALLBACK_FONT[weight]]) {
        // pdfkit loads a registered font when first used (and embeds only those): load, go back.
        doc.font(FALLBACK_FONT[weight]).font(PDF_FONT[weight]);
      }
      return glyphTest(FALLBACK_FONT[weight])?.(codePoint) ?? false;
    };
    const runs = fontRuns(String(text), main, hasFallback ? fallback : null);
    if (!runs) return drawText(text, ...rest);
    // (text, x, y, options) or (text, options): the position goes with the first run only.
    const optionsAt = rest.findIndex((arg) => typeof arg === 'object' && arg !== null);
    const options = (optionsAt >= 0 ? rest[optionsAt] : {}) as PDFKit.Mixins.TextOptions;
    const position = optionsAt >= 0 ? rest.slice(0, optionsAt) : rest;
    runs.forEach((run, index) => {
      const last = index === runs.length - 1;
      doc.font(run.fallback ? FALLBACK_FONT[weight] : PDF_FONT[weight]);
      const runOptions = { ...options, continued: last ? Boolean(options.continued) : true };
      if (index === 0) drawText(run.text, ...position, runOptions);
      else drawText(run.text, runOptions);
    });
    return doc.font(PDF_FONT[weight]);
  }) as typeof doc.text;
  doc.font(PDF_FONT.regular);
}
