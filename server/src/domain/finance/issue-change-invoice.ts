import type { OfferPrice } from '#shared/flights';
import type { Db } from '../../db/client';
import type { bookings, TaxDocumentLine } from '../../db/schema/index';
import { buyerOf, insertNumberedInvoice, sellerOf, type TaxInvoiceRow } from './issue-tax-invoice';
import { nepalDatesAt } from './nepal-date';
import { creditNoteLines, taxDocumentLines } from './tax-document-lines';

export interface IssueChangeInvoiceOptions {
  booking: typeof bookings.$inferSelect;
  bookingChangeId: string;
  /** The leg's new fare (its columns split the fare difference). */
  newPrice: OfferPrice;
  route: string;
  flights: string;
  fareDifference: number;
  changeFee: number;
  /** The VAT inside the change fee. */
  changeFeeVat: number;
  international: boolean;
  at?: Date;
}

/**
 * The tax invoice of a date change (docs/finance.md), in the change's transaction: the next number
 * of the brand's invoice series, like a sale's, citing the change (`booking_change_id`). Its lines:
 * the fare difference, split over the new fare's columns (taxable, VAT, non-taxable, export) in
 * proportion, exactly as a credit note splits a refund; and the change fee, its VAT apart
 * (international carriage: the export column, zero-rated).
 */
export async function issueChangeInvoice(tx: Db, options: IssueChangeInvoiceOptions): Promise<TaxInvoiceRow> {
  const { booking } = options;
  const dates = nepalDatesAt(options.at ?? new Date());
  const seller = await sellerOf(tx, booking.brandId);
  const buyer = await buyerOf(tx, booking);
  const lines: TaxDocumentLine[] = [];
  if (options.fareDifference > 0) {
    const [split] = creditNoteLines(
      taxDocumentLines(options.newPrice, options.route),
      options.fareDifference,
      '',
    );
    if (split) lines.push({ ...split, description: `Fare difference, date change to ${options.flights}` });
  }
  if (options.changeFee > 0) {
    const net = options.changeFee - options.changeFeeVat;
    lines.push({
      description: `Date change fee, ${options.route.replaceAll('→', '–')}`,
      taxable: !options.international && options.changeFeeVat > 0 ? net : 0,
      vat: options.changeFeeVat,
      nonTaxable: !options.international && options.changeFeeVat === 0 ? net : 0,
      export: options.international ? net : 0,
    });
  }
  return insertNumberedInvoice(tx, {
    booking,
    bookingChangeId: options.bookingChangeId,
    dates,
    seller,
    buyer,
    lines,
    at: options.at,
  });
}
