import type { Config, DOMPurify } from 'dompurify';
import type { DOMWindow } from 'jsdom';
import { SaxesParser } from 'saxes';
import { invalidFields } from '../../errors';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
/** jsdom's XML parser takes time quadratic in the nesting depth (10 s at 20,000 levels). */
const MAX_DEPTH = 200;

const CONFIG: Config & { RETURN_DOM: true } = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // DOMPurify leaves `use` out for its external references; the href rule below allows only `#id`.
  ADD_TAGS: ['use'],
  FORBID_TAGS: [
    'foreignobject',
    'script',
    'set',
    'animate',
    'animatecolor',
    'animatemotion',
    'animatetransform',
  ],
  RETURN_DOM: true,
};

const EMBEDDED_RASTER = /^data:image\/(png|jpeg|gif|webp);base64,/i;

interface Sanitizer {
  purify: DOMPurify;
  window: DOMWindow;
}

let sanitizer: Promise<Sanitizer> | undefined;

/** jsdom is loaded on the first SVG upload, not at server start. */
async function createSanitizer(): Promise<Sanitizer> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    if (event.attrName !== 'href' && event.attrName !== 'xlink:href') return;
    const local = event.attrValue.startsWith('#');
    const raster = node.nodeName.toLowerCase() === 'image' && EMBEDDED_RASTER.test(event.attrValue);
    if (!local && !raster) event.keepAttr = false;
  });
  return { purify, window };
}

/**
 * Parses an SVG as the browser will (XML), keeps only DOMPurify's allow-list of drawing elements
 * and attributes (no script, event handler, animation, foreignObject, or link other than `#id` and
 * an embedded PNG/JPEG/GIF/WebP), and answers the cleaned document. The DOCTYPE, processing
 * instructions and anything outside the root are dropped. Failures are 400 naming `file`.
 */
export async function sanitizeSvg(text: string): Promise<string> {
  // jsdom's XML parser expands internal entities (one level), so a small file could still expand
  // to gigabytes by repeating one large entity; a logo never declares any.
  if (/<!ENTITY/i.test(text)) {
    throw invalidFields({ file: 'This SVG declares XML entities; export it without a DOCTYPE.' });
  }
  checkWellFormed(text);
  sanitizer ??= createSanitizer();
  const { purify, window } = await sanitizer;
  const document = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = document.documentElement;
  if (root.namespaceURI !== SVG_NAMESPACE || root.nodeName !== 'svg') {
    throw invalidFields({
      file: `The file is not an SVG image: its root must be <svg xmlns="${SVG_NAMESPACE}">.`,
    });
  }
  // DOMPurify drops CDATA sections, which Inkscape wraps around <style> rules; as text they mean the same.
  const cdata = document.createTreeWalker(root, window.NodeFilter.SHOW_CDATA_SECTION);
  const sections: Node[] = [];
  while (cdata.nextNode()) sections.push(cdata.currentNode);
  for (const section of sections)
    section.parentNode?.replaceChild(document.createTextNode(section.nodeValue ?? ''), section);
  const body = purify.sanitize(root, CONFIG);
  const clean = body instanceof window.Element ? body.firstElementChild : null;
  try {
    if (clean) return new window.XMLSerializer().serializeToString(clean);
  } catch {
    // A character XML does not allow that the parser let through (a lone surrogate).
  }
  throw invalidFields({ file: 'The file is not a well-formed SVG image.' });
}

/** Refuses malformed XML and nesting deeper than MAX_DEPTH, in one linear pass. */
function checkWellFormed(text: string): void {
  const parser = new SaxesParser();
  let depth = 0;
  let problem: string | undefined;
  parser.on('opentag', () => {
    depth += 1;
    if (depth > MAX_DEPTH) problem ??= `This SVG nests elements more than ${MAX_DEPTH} deep.`;
  });
  parser.on('closetag', () => {
    depth -= 1;
  });
  parser.on('error', () => {
    problem ??= 'The file is not a well-formed SVG image.';
  });
  parser.write(text).close();
  if (problem) throw invalidFields({ file: problem });
}
