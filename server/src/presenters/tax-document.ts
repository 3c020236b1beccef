import { amountInWords } from '#shared/amount-in-words';
import { bsToAd } from '#shared/bikram-sambat';
import type { CreditNote, TaxInvoice } from '#shared/finance';
import type { creditNotes, TaxDocumentLine, taxInvoices } from '../db/schema/index';

type InvoiceRow = typeof taxInvoices.$inferSelect;
type CreditNoteRow = typeof creditNotes.$inferSelect;

/** VAT in Nepal since July 2023 (shared/docs/domain-nepal.md). */
const VAT_PERCENT = 13;

const presentLine = (line: TaxDocumentLine) => ({
  description: line.description,
  taxable: line.taxable,
  vat: line.vat,
  non_taxable: line.nonTaxable,
  export: line.export,
});

function documentFields(row: InvoiceRow | CreditNoteRow, pnr: string) {
  const [year, month, day] = row.issuedOnBs.split('-').map(Number);
  return {
    number: row.number,
    fiscal_year: row.fiscalYear,
    pnr,
    currency: row.currency,
    issued_on_bs: row.issuedOnBs,
    issued_on_ad: bsToAd({ year: year ?? 0, month: month ?? 0, day: day ?? 0 }) ?? '',
    issued_at: row.issuedAt.toISOString(),
    seller: {
      name: row.seller.name,
      address: row.seller.address,
      pan: row.seller.pan,
      vat_number: row.seller.vatNumber,
    },
    buyer: { name: row.buyer.name, pan: row.buyer.pan },
    lines: row.lines.map(presentLine),
    taxable: row.taxable,
    vat: row.vat,
    vat_percent: VAT_PERCENT,
    non_taxable: row.nonTaxable,
    export_sales: row.exportSales,
    total: row.total,
    total_in_words: amountInWords(row.total, row.currency),
  };
}

export function presentTaxInvoice(row: InvoiceRow, pnr: string): TaxInvoice {
  return { title: 'Tax Invoice', ...documentFields(row, pnr) };
}

export function presentCreditNote(row: CreditNoteRow, pnr: string): CreditNote {
  return {
    title: 'Credit Note',
    ...documentFields(row, pnr),
    invoice_number: row.invoiceNumber,
    reason: row.reason,
    voids_invoice: row.voidsInvoice,
  };
}
