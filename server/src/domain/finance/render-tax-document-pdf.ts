import { BS_MONTH_NAMES } from '#shared/bikram-sambat';
import type { CreditNote, TaxInvoice } from '#shared/finance';
import type { BrandDocumentLook } from '../documents/brand-document-look';
import { collectPdf } from '../documents/collect-pdf';
import { drawLogo } from '../documents/draw-logo';
import { PDF_FONT, registerPdfFonts } from '../documents/pdf-fonts';

const amount = (minor: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);

/** `2083-08-10` → `10 Mangsir 2083`. */
function bsText(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${BS_MONTH_NAMES.en[(month ?? 1) - 1]} ${year}`;
}

/** Columns of the lines table: x offset from the left margin and width, in points. */
const COLUMNS = [
  { title: 'Description', x: 0, width: 175, align: 'left' },
  { title: 'Taxable amount', x: 175, width: 70, align: 'right' },
  { title: 'VAT 13 %', x: 245, width: 60, align: 'right' },
  { title: 'Non-taxable', x: 305, width: 65, align: 'right' },
  { title: 'Export sales', x: 370, width: 65, align: 'right' },
  { title: 'Total', x: 435, width: 80, align: 'right' },
] as const;

/**
 * A tax invoice or credit note as a PDF, drawn from the same document the JSON answer gives (so
 * the two never differ): the brand's logo and colour, the words "Tax Invoice" (or "Credit Note"),
 * number, dates in BS and AD, seller and buyer with their PANs, per line the taxable amount, VAT
 * 13 %, non-taxable and export sales apart, the totals, and the total in words.
 */
export async function renderTaxDocumentPdf(
  document: TaxInvoice | CreditNote,
  look: BrandDocumentLook,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${document.title} ${document.number}`, Author: document.seller.name || look.brandName },
  });
  const done = collectPdf(doc);
  registerPdfFonts(doc);
  const colour = look.colour ?? '#000000';
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;

  const top = doc.y;
  if (await drawLogo(doc, look.logo, { x: left, y: top, width: 200, height: 40 })) doc.y = top + 44;
  else doc.font(PDF_FONT.bold).fontSize(18).text(look.brandName);
  doc
    .moveTo(left, doc.y + 2)
    .lineTo(right, doc.y + 2)
    .lineWidth(2)
    .strokeColor(colour)
    .stroke();
  doc.moveDown(0.6);
  doc
    .font(PDF_FONT.bold)
    .fontSize(18)
    .fillColor(colour)
    .text(document.title, { align: 'center' })
    .fillColor('#000');
  doc.moveDown(0.4);

  doc.font(PDF_FONT.bold).fontSize(10).text('Seller');
  doc.font(PDF_FONT.regular).fontSize(10);
  doc.text(document.seller.name || look.companyName);
  if (document.seller.address) doc.text(document.seller.address);
  doc.text(`PAN: ${document.seller.pan || 'not set'}`);
  doc.text(`VAT registration no.: ${document.seller.vat_number || 'not set'}`);
  doc.moveDown(0.5);

  const facts: [string, string][] = [
    [document.title === 'Tax Invoice' ? 'Invoice no.' : 'Credit note no.', document.number],
    ['Fiscal year', document.fiscal_year],
    ['Date (BS)', `${bsText(document.issued_on_bs)} (${document.issued_on_bs})`],
    ['Date (AD)', document.issued_on_ad],
    ['PNR', document.pnr],
  ];
  if (document.title === 'Credit Note') {
    facts.push(['Against invoice no.', document.invoice_number], ['Reason', document.reason]);
  }
  facts.push(['Buyer', document.buyer.name], ['Buyer PAN', document.buyer.pan ?? '—']);
  // One text run per fact, so that a reader (or a copy and paste) gets "PNR: MABZ3D" whole.
  for (const [label, value] of facts) doc.text(`${label}: ${value}`);
  doc.moveDown(0.8);

  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(9);
    let bottom = y;
    COLUMNS.forEach((column, index) => {
      doc.text(cells[index] ?? '', left + column.x, y, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 3;
  };
  row(
    COLUMNS.map((c) => c.title),
    true,
  );
  doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#888').stroke();
  doc.y += 3;
  for (const line of document.lines) {
    row([
      line.description,
      amount(line.taxable),
      amount(line.vat),
      amount(line.non_taxable),
      amount(line.export),
      amount(line.taxable + line.vat + line.non_taxable + line.export),
    ]);
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#888').stroke();
  doc.y += 3;
  row(
    [
      'Total',
      amount(document.taxable),
      amount(document.vat),
      amount(document.non_taxable),
      amount(document.export_sales),
      amount(document.total),
    ],
    true,
  );
  doc.moveDown(0.8);

  doc.font(PDF_FONT.regular).fontSize(10);
  const sums: [string, number][] = [
    ['Taxable amount', document.taxable],
    [`VAT ${document.vat_percent} %`, document.vat],
    ['Non-taxable charges', document.non_taxable],
    ['Export sales (international carriage)', document.export_sales],
  ];
  for (const [label, value] of sums) doc.text(`${label}: ${document.currency} ${amount(value)}`);
  doc
    .font(PDF_FONT.bold)
    .fontSize(11)
    .text(
      `${document.title === 'Tax Invoice' ? 'Grand total' : 'Total credited'}: ${document.currency} ${amount(document.total)}`,
    );
  doc.font(PDF_FONT.regular).fontSize(10).text(`In words: ${document.total_in_words}`);
  doc.moveDown();
  doc
    .fontSize(8)
    .fillColor('#555')
    .text(
      document.title === 'Tax Invoice'
        ? 'This invoice is issued once and never changed: a correction is made by a credit note.'
        : 'This credit note reduces the sales of the invoice it cites (sales return).',
    );
  doc.end();
  return done;
}
