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

/** Names under which `registerPdfFonts` registers the fonts in a document. */
export const PDF_FONT = { regular: 'Body', bold: 'Body-Bold' } as const;

/** Registers the embedded fonts in `doc` and starts it in the regular one. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont(PDF_FONT.regular, PDF_FONT_FILES.regular);
  doc.registerFont(PDF_FONT.bold, PDF_FONT_FILES.bold);
  doc.font(PDF_FONT.regular);
}
