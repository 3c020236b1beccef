import { inflateSync } from 'node:zlib';

/** WinAnsiEncoding's 0x80–0x9F (Node's TextDecoder reads windows-1252 there as Latin-1). */
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) =>
  [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_80_9F[byte - 0x80] : String.fromCharCode(byte)))
    .join('');

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
      lines.push(winAnsi(Buffer.from(hex, 'hex')));
    }
  }
  return lines.join('\n');
}
