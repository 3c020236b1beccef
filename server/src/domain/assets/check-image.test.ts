import { describe, expect, it } from 'vitest';
import { PNG_PIXEL } from '../../test/admin';
import { checkImage } from './check-image';
import { sanitizeSvg } from './sanitize-svg';

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK_NS = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const MAX = 2_000_000;

const checkSvg = async (svg: string) =>
  (await checkImage(Buffer.from(svg), 'image/svg+xml', MAX)).bytes.toString('utf8');

/** Script elements in any prefix, event handlers, script URLs, embedded HTML, animations. */
const EXECUTABLE = /script|\son[a-z]+\s*=|javascript:|foreignObject|iframe|<([\w-]+:)?(set|animate)/i;

const refusal = { code: 'VALIDATION_FAILED', fields: { file: expect.any(String) } };

const LOGO = `<svg ${SVG_NS} ${XLINK_NS} version="1.1" width="240" height="64" viewBox="0 0 240 64">
  <title>Sajilo Travels</title>
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1" gradientUnits="objectBoundingBox">
      <stop offset="0" stop-color="#0b6e4f"/>
      <stop offset="1" stop-color="#f4a261" stop-opacity="0.8"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffd166"/><stop offset="1" stop-color="#ef476f"/></radialGradient>
    <clipPath id="round"><circle cx="32" cy="32" r="30"/></clipPath>
    <filter id="shadow"><feGaussianBlur in="SourceAlpha" stdDeviation="1.5"/><feOffset dx="1" dy="1" result="o"/><feMerge><feMergeNode in="o"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
    <path id="wing" d="M10 40 L30 20 L34 24 L18 44 Z"/>
  </defs>
  <style>.brand{font-family:'Noto Sans',sans-serif;font-weight:700}</style>
  <g clip-path="url(#round)" filter="url(#shadow)">
    <rect width="64" height="64" fill="url(#sky)"/>
    <circle cx="44" cy="18" r="8" fill="url(#sun)"/>
    <use xlink:href="#wing" fill="#fff" transform="rotate(-10 32 32)"/>
    <image width="8" height="8" href="data:image/png;base64,${PNG_PIXEL.toString('base64')}"/>
  </g>
  <text class="brand" x="76" y="42" font-size="28" fill="#0b6e4f">Sajilo <tspan fill="#f4a261">Travels</tspan></text>
  <polygon points="230,10 236,22 224,22" fill="#ef476f" stroke="#333" stroke-width="0.5" opacity="0.9"/>
</svg>`;

describe('checkImage', () => {
  it('keeps a PNG byte for byte', async () => {
    const { contentType, bytes } = await checkImage(PNG_PIXEL, 'image/png', MAX);
    expect(contentType).toBe('image/png');
    expect(bytes).toBe(PNG_PIXEL);
  });

  it('keeps a logo with paths, gradients, filters, a style, use, an embedded PNG and text unchanged', async () => {
    expect(await checkSvg(LOGO)).toBe(LOGO);
  });

  it('drops the XML declaration, DOCTYPE and comments around the root, and keeps CDATA style rules', async () => {
    const svg = `<svg ${SVG_NS}><style><![CDATA[.a{fill:red}]]></style><rect class="a" width="1" height="1"/></svg>`;
    const wrapped =
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- exported -->\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      svg;
    expect(await checkSvg(wrapped)).toBe(
      `<svg ${SVG_NS}><style>.a{fill:red}</style><rect class="a" width="1" height="1"/></svg>`,
    );
  });

  it.each([
    ['a script', `<svg ${SVG_NS}><script>alert(1)</script><rect width="1" height="1"/></svg>`],
    [
      'a script under another prefix of the SVG namespace',
      `<svg ${SVG_NS} xmlns:x="http://www.w3.org/2000/svg"><x:script>alert(1)</x:script></svg>`,
    ],
    ['an event handler', `<svg ${SVG_NS} onload="alert(1)"><rect onclick="alert(1)"/></svg>`],
    [
      'set and animate rewriting an event handler and a link',
      `<svg ${SVG_NS}><a><set attributeName="onmouseover" to="alert(1)"/>` +
        '<animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>' +
        '<animateTransform attributeName="transform" type="rotate" from="0" to="360"/></svg>',
    ],
    ['a javascript: href', `<svg ${SVG_NS}><a href="javascript:alert(1)"><text>x</text></a></svg>`],
    [
      'a javascript: xlink:href',
      `<svg ${SVG_NS} ${XLINK_NS}><a xlink:href="&#x6A;avascript:alert(1)"><text>x</text></a></svg>`,
    ],
    [
      'foreignObject with an iframe',
      `<svg ${SVG_NS}><foreignObject><iframe src="javascript:alert(1)"/></foreignObject></svg>`,
    ],
  ])('cleans an SVG with %s', async (_name, svg) => {
    const clean = await checkSvg(svg);
    expect(clean).not.toMatch(EXECUTABLE);
    expect(clean).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('keeps only links within the file and embedded raster images', async () => {
    const clean = await checkSvg(
      `<svg ${SVG_NS} ${XLINK_NS}><a href="https://evil.example/"><text>x</text></a>` +
        '<use href="https://evil.example/sprite.svg#a"/><use href="data:image/svg+xml,&lt;svg/&gt;#a"/>' +
        '<image href="data:image/svg+xml;base64,PHN2Zy8+"/><image href="https://evil.example/a.png"/>' +
        '<feImage href="https://evil.example/b.png"/><use xlink:href="#x"/></svg>',
    );
    expect(clean).not.toContain('evil.example');
    expect(clean).not.toContain('data:');
    expect(clean).toContain('<use xlink:href="#x"/>');
  });

  it.each([
    [
      'an entity hiding a script',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]>' +
        `<svg ${SVG_NS}><text>&x;</text></svg>`,
    ],
    [
      'nested entities (billion laughs)',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lollollollol">' +
        Array.from(
          { length: 9 },
          (_, i) => `<!ENTITY ${'bcdefghij'[i]} "${`&${'abcdefghij'[i]};`.repeat(10)}">`,
        ).join('') +
        `]><svg ${SVG_NS}><text>&j;</text></svg>`,
    ],
  ])('refuses an SVG with %s', async (_name, svg) => {
    await expect(checkSvg(svg)).rejects.toMatchObject(refusal);
    await expect(sanitizeSvg(svg)).rejects.toMatchObject(refusal);
  });

  it('refuses malformed XML, a root outside the SVG namespace and nesting over 200 deep', async () => {
    for (const svg of [
      `<svg ${SVG_NS}><rect></svg>`,
      `<svg ${SVG_NS}><text>&nbsp;</text></svg>`,
      '<svg><script>alert(1)</script></svg>',
      `<svg ${SVG_NS}>${'<g>'.repeat(20_000)}${'</g>'.repeat(20_000)}</svg>`,
    ]) {
      await expect(checkSvg(svg), svg.slice(0, 60)).rejects.toMatchObject(refusal);
    }
  });

  it('refuses a type that is not an image, bytes of another type, an empty file and an oversized one', async () => {
    await expect(checkImage(Buffer.from('%PDF-1.4'), 'application/pdf', MAX)).rejects.toMatchObject(refusal);
    await expect(checkImage(PNG_PIXEL, 'image/svg+xml', MAX)).rejects.toMatchObject(refusal);
    await expect(checkImage(Buffer.alloc(0), 'image/png', MAX)).rejects.toMatchObject(refusal);
    await expect(checkImage(PNG_PIXEL, 'image/png', 10)).rejects.toMatchObject(refusal);
  });
});
