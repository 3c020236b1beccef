import { inflateSync } from 'node:zlib';

const winAnsi = new TextDecoder('windows-1252');

/**
 * The text a pdfkit document draws, one line per text-showing operation: its content streams
 * inflated, the hex strings of each TJ array joined (the standard fonts use WinAnsi codes).
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of pdf.toString('latin1').matchAll(/(?<!end)stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      const hex = [...(shown[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(winAnsi.decode(Buffer.from(hex, 'hex')));
    }
  }
  return lines.join('\n');
}
