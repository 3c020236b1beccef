import { and, asc, between, eq } from 'drizzle-orm';
import type { SalesRegister } from '#shared/finance';
import { bsMonthRange } from '#shared/fiscal-year';
import type { Db } from '../../db/client';
import { creditNotes, taxInvoices } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import { nepalDatesAt } from './nepal-date';

type Row = SalesRegister['rows'][number];

/**
 * The VAT sales register (sales book) of a BS month: every invoice the brand issued that month in
 * the currency, and every credit note as a negative row (sales return), in date and number order,
 * with the columns the Inland Revenue Department asks of a sales book (docs/finance.md).
 * A month outside the calendar's table → 400 naming `month`.
 */
export async function buildSalesRegister(
  db: Db,
  options: { brandId: string; month: string; currency: 'NPR' | 'USD' },
): Promise<SalesRegister> {
  const range = bsMonthRange(options.month);
  if (!range) throw invalidFields({ month: 'Use a BS month of the calendar, like 2083-08.' });
  const scope = (table: typeof taxInvoices | typeof creditNotes) =>
    and(
      eq(table.brandId, options.brandId),
      eq(table.currency, options.currency),
      between(table.issuedOnBs, range.firstBs, range.lastBs),
    );
  const [invoices, notes] = await Promise.all([
    db
      .select()
      .from(taxInvoices)
      .where(scope(taxInvoices))
      .orderBy(asc(taxInvoices.issuedOnBs), asc(taxInvoices.sequence)),
    db
      .select()
      .from(creditNotes)
      .where(scope(creditNotes))
      .orderBy(asc(creditNotes.issuedOnBs), asc(creditNotes.sequence)),
  ]);
  const adDate = (issuedAt: Date) => nepalDatesAt(issuedAt).ad;
  // A voided sale leaves the register: its invoice and the note voiding it stay listed (no gap in
  // either series) at zero, each with a note naming the other.
  const voidedBy = new Map(notes.filter((n) => n.voidsInvoice).map((n) => [n.invoiceId, n.number]));
  const zero = { total_sales: 0, non_taxable_sales: 0, export_sales: 0, taxable_amount: 0, vat: 0 };
  const rows: (Row & { order: number })[] = [
    ...invoices.map((invoice) => ({
      order: 0,
      date_bs: invoice.issuedOnBs,
      date_ad: adDate(invoice.issuedAt),
      number: invoice.number,
      kind: 'invoice' as const,
      buyer_name: invoice.buyer.name,
      buyer_pan: invoice.buyer.pan ?? '',
      total_sales: invoice.total,
      non_taxable_sales: invoice.nonTaxable,
      export_sales: invoice.exportSales,
      taxable_amount: invoice.taxable,
      vat: invoice.vat,
      note: '',
      ...(voidedBy.has(invoice.id)
        ? { ...zero, note: `Void: ticket voided on the day of issue (${voidedBy.get(invoice.id)})` }
        : {}),
    })),
    ...notes.map((note) => ({
      order: 1,
      date_bs: note.issuedOnBs,
      date_ad: adDate(note.issuedAt),
      number: note.number,
      kind: 'credit_note' as const,
      buyer_name: note.buyer.name,
      buyer_pan: note.buyer.pan ?? '',
      total_sales: -note.total,
      non_taxable_sales: -note.nonTaxable,
      export_sales: -note.exportSales,
      taxable_amount: -note.taxable,
      vat: -note.vat,
      note: '',
      ...(note.voidsInvoice ? { ...zero, note: `Void of invoice ${note.invoiceNumber}` } : {}),
    })),
  ];
  rows.sort(
    (a, b) => a.date_bs.localeCompare(b.date_bs) || a.order - b.order || a.number.localeCompare(b.number),
  );
  const totals = { total_sales: 0, non_taxable_sales: 0, export_sales: 0, taxable_amount: 0, vat: 0 };
  for (const row of rows) {
    totals.total_sales += row.total_sales;
    totals.non_taxable_sales += row.non_taxable_sales;
    totals.export_sales += row.export_sales;
    totals.taxable_amount += row.taxable_amount;
    totals.vat += row.vat;
  }
  return {
    month: options.month,
    currency: options.currency,
    rows: rows.map(({ order: _order, ...row }) => row),
    totals,
  };
}

/** The register's columns as the IRD's sales book names them, and each row's cells in that order. */
export const SALES_REGISTER_COLUMNS = [
  'Date (BS)',
  'Date (AD)',
  'Invoice no.',
  "Buyer's name",
  "Buyer's PAN",
  'Total sales',
  'Non-taxable sales',
  'Export sales',
  'Taxable amount',
  'VAT',
  'Note',
] as const;

/** A row's cells; amounts in major units (rupees with paisa) as numbers. */
export function salesRegisterCells(row: Row): (string | number)[] {
  return [
    row.date_bs,
    row.date_ad,
    row.number,
    row.buyer_name,
    row.buyer_pan,
    row.total_sales / 100,
    row.non_taxable_sales / 100,
    row.export_sales / 100,
    row.taxable_amount / 100,
    row.vat / 100,
    row.note,
  ];
}

/** The register as an XLSX workbook (exceljs): one sheet, header, rows, totals. */
export async function salesRegisterXlsx(register: SalesRegister, sellerName: string): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = sellerName || 'Tikat';
  const sheet = workbook.addWorksheet(`Sales register ${register.month}`);
  sheet.addRow([`Sales register (sales book), BS month ${register.month}, ${register.currency}`]);
  sheet.addRow([...SALES_REGISTER_COLUMNS]).font = { bold: true };
  for (const row of register.rows) sheet.addRow(salesRegisterCells(row));
  const totals = register.totals;
  sheet.addRow([
    'Total',
    '',
    '',
    '',
    '',
    totals.total_sales / 100,
    totals.non_taxable_sales / 100,
    totals.export_sales / 100,
    totals.taxable_amount / 100,
    totals.vat / 100,
    '',
  ]).font = { bold: true };
  for (let column = 6; column <= 10; column++) sheet.getColumn(column).numFmt = '#,##0.00';
  sheet.columns.forEach((column, index) => {
    column.width = index === 3 || index === 10 ? 32 : 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
