import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxInvoices } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { TaxInvoiceRow } from './issue-tax-invoice';

/** One of a booking's tax invoices (its sale's or a date change's) by its number, or 404. */
export async function findTaxInvoiceByNumber(
  db: Db,
  bookingId: string,
  number: string,
): Promise<TaxInvoiceRow> {
  const [invoice] = await db
    .select()
    .from(taxInvoices)
    .where(and(eq(taxInvoices.bookingId, bookingId), eq(taxInvoices.number, number.trim())));
  if (!invoice) throw new AppError('NOT_FOUND', 'This booking has no such tax invoice.');
  return invoice;
}
