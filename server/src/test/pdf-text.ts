import { inflateSync } from 'node:zlib';

/** WinAnsiEncoding's 0x80–0x9F (Node's TextDecoder reads windows-1252 there as Latin-1). */
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (hex: string) =>
  [...Buffer.from(hex, 'hex')]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_80_9F[byte - 0x80] : String.fromCharCode(byte)))
    .join('');

/** A PDF's objects by number, each with its dictionary text and its stream (inflated), if any. */
function objectsOf(pdf: string): Map<number, { dictionary: string; stream?: string }> {
  const objects = new Map<number, { dictionary: string; stream?: string }>();
  for (const match of pdf.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2] ?? '';
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dictionary: body });
      continue;
    }
    const data = body.slice(streamAt).replace(/^stream\r?\n/, '');
    // The stream's own /Length, not a search for `endstream`: deflated bytes may end in `\r`.
    const length = /\/Length (\d+)\b(?! \d+ R)/.exec(body.slice(0, streamAt))?.[1];
    const raw = length ? data.slice(0, Number(length)) : data.replace(/\r?\nendstream\s*$/, '');
    let stream: string;
    try {
      stream = inflateSync(Buffer.from(raw, 'latin1')).toString('latin1');
    } catch {
      stream = raw;
    }
    objects.set(Number(match[1]), { dictionary: body.slice(0, streamAt), stream });
  }
  return objects;
}

/** A ToUnicode CMap's codes (hex) → text, from its `bfchar` and `bfrange` sections. */
function toUnicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const pair of (section[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set((pair[1] ?? '').toLowerCase(), utf16(pair[2] ?? ''));
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const ranges = (section[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    );
    for (const range of ranges) {
      const from = Number.parseInt(range[1] ?? '0', 16);
      const to = Number.parseInt(range[2] ?? '0', 16);
      const width = (range[1] ?? '').length;
      const target = range[3] ?? '';
      const list = target.startsWith('[')
        ? [...target.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1] ?? '')
        : [];
      for (let code = from; code <= to; code++) {
        const key = code.toString(16).padStart(width, '0');
        if (list.length > 0) map.set(key, utf16(list[code - from] ?? ''));
        else {
          const start = Buffer.from(target.slice(1, -1), 'hex');
          start.writeUInt16BE(start.readUInt16BE(start.length - 2) + code - from, start.length - 2);
          map.set(key, start.swap16().toString('utf16le'));
        }
      }
    }
  }
  return map;
}

/**
 * The text a pdfkit document draws, one line per text-showing operation (`TJ`, or a text object's
 * `Tj`s together): its content streams inflated, the hex strings read through the font in use —
 * the embedded fonts' ToUnicode maps (two-byte glyph codes), or WinAnsi for the standard fonts.
 */
export function pdfText(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const objects = objectsOf(text);
  /** Font resource name (`F1`) → its ToUnicode map, for embedded fonts. */
  const fonts = new Map<string, Map<string, string>>();
  for (const resource of text.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const font = objects.get(Number(resource[2]));
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font?.dictionary ?? '');
    const cmap = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : undefined;
    if (cmap) fonts.set(resource[1] ?? '', toUnicodeMap(cmap));
  }
  const lines: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream || !/\bT[jJ]\b/.test(stream)) continue;
    let font: Map<string, string> | undefined;
    /** Glyphs shown one `Tj` at a time (svg-to-pdfkit's text) make one line per text object. */
    let glyphs = '';
    const decode = (hex: string) =>
      font
        ? (hex.toLowerCase().match(/.{4}/g) ?? []).map((code) => font?.get(code) ?? '').join('')
        : winAnsi(hex);
    const ops = /\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g;
    for (const op of stream.matchAll(ops)) {
      if (op[1]) font = fonts.get(op[1]);
      else if (op[2] !== undefined)
        lines.push(decode([...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('')));
      else if (op[3] !== undefined) glyphs += decode(op[3]);
      else if (glyphs) {
        lines.push(glyphs);
        glyphs = '';
      }
    }
  }
  return lines.join('\n');
}
