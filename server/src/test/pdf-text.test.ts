import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';

/** A one-object PDF whose content stream is deflated, written as pdfkit writes it. */
function pdfWithContent(content: string): { pdf: Buffer; lastByte: number } {
  const data = deflateSync(Buffer.from(content, 'latin1'));
  const pdf = Buffer.concat([
    Buffer.from(
      `%PDF-1.3\n4 0 obj\n<<\n/Length ${data.length}\n/Filter /FlateDecode\n>>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
  return { pdf, lastByte: data.at(-1) ?? 0 };
}

describe('pdfText (the tests’ PDF reader)', () => {
  it('reads a deflated stream whose last byte is a carriage return (one stream in 256)', () => {
    // Found by trying: a content stream whose deflated bytes end in `\r`, which a search for
    // `\r\nendstream` would cut off, losing the whole stream.
    let found: Buffer | undefined;
    for (let n = 0; n < 512 && !found; n++) {
      // A comment of n `!`s moves the Adler-32 checksum, the deflated data's last four bytes.
      const { pdf, lastByte } = pdfWithContent(`BT /F1 12 Tf <524546554E444544> Tj ET %${'!'.repeat(n)}`);
      if (lastByte === 0x0d) found = pdf;
    }
    if (!found) throw new Error('no content deflated to a trailing carriage return');
    expect(pdfText(found)).toBe('REFUNDED');
  });
});
