import { and, eq, isNull } from 'drizzle-orm';
import { bsIsoDate, fiscalYearOf, taxDocumentNumber } from '#shared/fiscal-year';
import type { Db } from '../../db/client';
import { creditNotes, taxInvoices } from '../../db/schema/index';
import { sellerOf } from './issue-tax-invoice';
import { nepalDatesAt } from './nepal-date';
import { takeDocumentNumber } from './take-document-number';
import { creditNoteLines, totalsOf } from './tax-document-lines';

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * Issues a credit note for a refund of `amount` (minor units) on an invoiced booking, in the
 * refund's transaction: the next number of the brand's credit-note series in the current fiscal
 * year (`CN-2083/84-000007`), citing the invoice, for the buyer the invoice named, each column of
 * the invoice giving back its share. A booking without an invoice (paid before invoices existed)
 * gets none: returns null. `voidsInvoice` (a same-day void): the note reverses the whole invoice,
 * whatever `amount` says, and is marked so the sales register drops both (docs/finance.md).
 */
export async function issueCreditNote(
  tx: Db,
  options: { bookingId: string; amount: number; reason: string; at?: Date; voidsInvoice?: boolean },
): Promise<CreditNoteRow | null> {
  const [invoice] = await tx
    .select()
    .from(taxInvoices)
    .where(and(eq(taxInvoices.bookingId, options.bookingId), isNull(taxInvoices.bookingChangeId)));
  const amount = options.voidsInvoice && invoice ? invoice.total : options.amount;
  if (!invoice || amount <= 0) return null;
  const dates = nepalDatesAt(options.at ?? new Date());
  const fiscalYear = fiscalYearOf(dates.bs);
  const lines = creditNoteLines(invoice.lines, amount, invoice.number);
  const seller = await sellerOf(tx, invoice.brandId);
  const sequence = await takeDocumentNumber(tx, {
    brandId: invoice.brandId,
    series: 'credit_note',
    fiscalYear,
  });
  const [note] = await tx
    .insert(creditNotes)
    .values({
      brandId: invoice.brandId,
      bookingId: invoice.bookingId,
      fiscalYear,
      sequence,
      number: taxDocumentNumber('CN-', fiscalYear, sequence),
      currency: invoice.currency,
      seller,
      buyer: invoice.buyer,
      lines,
      ...totalsOf(lines),
      issuedOnBs: bsIsoDate(dates.bs),
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      reason: options.reason,
      voidsInvoice: options.voidsInvoice ?? false,
      ...(options.at ? { issuedAt: options.at } : {}),
    })
    .returning();
  return note ?? null;
}
