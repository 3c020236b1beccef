import { PDF_FONT } from './pdf-fonts';

/** A brand image as read from its storage (read-brand-image.ts). */
export interface BrandImage {
  bytes: Buffer;
  contentType: string;
}

/** A transparent pixel: what an SVG logo's own `<image>` references become (never a file path). */
const EMPTY_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * Draws the brand's logo at (x, y) within `width` × `height`, keeping its proportions: PNG and
 * JPEG as images, SVG as vector paths (svg-to-pdfkit) with its text in the embedded fonts. An SVG
 * may not pull in other files: every `<image>` in it is drawn as nothing. Answers whether a logo
 * was drawn (a WebP or an unreadable file is not).
 */
export async function drawLogo(
  doc: PDFKit.PDFDocument,
  logo: BrandImage | undefined,
  box: { x: number; y: number; width: number; height: number },
): Promise<boolean> {
  if (!logo) return false;
  try {
    if (logo.contentType === 'image/png' || logo.contentType === 'image/jpeg') {
      doc.image(logo.bytes, box.x, box.y, { fit: [box.width, box.height] });
      return true;
    }
    if (logo.contentType === 'image/svg+xml') {
      const { default: addSvg } = await import('svg-to-pdfkit');
      addSvg(doc, logo.bytes.toString('utf8'), box.x, box.y, {
        width: box.width,
        height: box.height,
        preserveAspectRatio: 'xMinYMid meet',
        fontCallback: (_family: string, bold: boolean) => (bold ? PDF_FONT.bold : PDF_FONT.regular),
        imageCallback: () => EMPTY_IMAGE,
      });
      return true;
    }
  } catch {
    // A logo that cannot be drawn leaves the brand's name in its place.
  }
  return false;
}
