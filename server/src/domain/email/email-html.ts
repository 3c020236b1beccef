import type { BrandDocumentLook } from '../documents/brand-document-look';

/** The content id under which a brand's PNG or JPEG logo rides inside the message. */
export const LOGO_CID = 'brand-logo@tikat';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;
const FONT = "font-family:Arial,'Noto Sans','Noto Sans Devanagari',sans-serif";

/** One paragraph: a line that is only a link becomes a button in the brand's colour. */
function paragraph(text: string, look: BrandDocumentLook, open: string): string {
  const lone = text.trim();
  if (/^https?:\/\/\S+$/.test(lone)) {
    const href = escapeHtml(lone);
    return (
      `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:12px 20px;` +
      `border-radius:8px;background:${look.colour ?? '#0b6e4f'};color:${look.contrast ?? '#ffffff'};` +
      `text-decoration:none;font-weight:bold">${open}</a><br><span style="font-size:12px;color:#555">` +
      `<a href="${href}" style="color:#555;word-break:break-all">${href}</a></span></p>`
    );
  }
  const html = escapeHtml(text)
    .replace(LINK, (url) => `<a href="${url}" style="color:${look.colour ?? '#0b6e4f'}">${url}</a>`)
    .replace(/\n/g, '<br>');
  return `<p style="margin:0 0 16px">${html}</p>`;
}

/**
 * The HTML part of an e-mail whose text part is `text`: the same words, paragraphs and links, in
 * the brand's look — its colour across the top with its logo (PNG or JPEG, inline as
 * `cid:${LOGO_CID}`) or its name, the company's name at the foot. Tables and inline styles
 * only, 600 px wide at most, so that Gmail, Outlook and phone mail apps show it alike.
 */
export function emailHtml(text: string, subject: string, look: BrandDocumentLook, withLogo: boolean): string {
  const colour = look.colour ?? '#0b6e4f';
  const contrast = look.contrast ?? '#ffffff';
  const lang = /[\u0900-\u097F]/.test(text) ? 'ne' : 'en';
  const header = withLogo
    ? `<img src="cid:${LOGO_CID}" alt="${escapeHtml(look.brandName)}" height="40" style="display:block;height:40px;max-width:220px;background:#ffffff;border-radius:6px;padding:4px">`
    : `<span style="${FONT};font-size:22px;font-weight:bold;color:${contrast}">${escapeHtml(look.brandName)}</span>`;
  const body = text
    .split(/\n{2,}/)
    .filter((part) => part.trim())
    .map((part) => paragraph(part, look, lang === 'ne' ? 'खोल्नुहोस्' : 'Open'))
    .join('\n');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${colour};padding:16px 24px">${header}</td></tr>
<tr><td style="padding:24px;${FONT};font-size:15px;line-height:1.5;color:#1f2937">
${body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;${FONT};font-size:12px;color:#6b7280">${escapeHtml(look.companyName || look.brandName)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
