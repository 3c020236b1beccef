import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditNotes, taxInvoices } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { CreditNoteRow } from './issue-credit-note';
import type { TaxInvoiceRow } from './issue-tax-invoice';

/** A booking's tax invoice, or 404 while it has none (not paid yet). */
export async function findTaxInvoice(db: Db, bookingId: string): Promise<TaxInvoiceRow> {
  const [invoice] = await db
    .select()
    .from(taxInvoices)
    .where(and(eq(taxInvoices.bookingId, bookingId), isNull(taxInvoices.bookingChangeId)));
  if (!invoice)
    throw new AppError(
      'NOT_FOUND',
      'This booking has no tax invoice: it is issued when the booking is paid.',
    );
  return invoice;
}

/** A booking's credit notes, oldest first. */
export function listCreditNotes(db: Db, bookingId: string): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.bookingId, bookingId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.sequence));
}

/** One of a booking's credit notes by its number, or 404. */
export async function findCreditNote(db: Db, bookingId: string, number: string): Promise<CreditNoteRow> {
  const [note] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.bookingId, bookingId), eq(creditNotes.number, number.toUpperCase())));
  if (!note) throw new AppError('NOT_FOUND', 'This booking has no such credit note.');
  return note;
}
