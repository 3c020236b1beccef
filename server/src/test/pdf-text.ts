import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit shows, one string per text-showing operator (`TJ`), read from its
 * compressed content streams. Enough for the standard fonts pdfkit writes as hex glyph codes.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const pieces = [...(shown[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) =>
        Buffer.from(hex[1] ?? '', 'hex').toString('latin1'),
      );
      lines.push(pieces.join(''));
    }
  }
  return lines;
}
