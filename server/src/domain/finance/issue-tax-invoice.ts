import { and, eq, isNull } from 'drizzle-orm';
import { bsIsoDate, fiscalYearOf, taxDocumentNumber } from '#shared/fiscal-year';
import { siteConfig } from '#shared/site-config';
import type { Db } from '../../db/client';
import {
  bookings,
  brands,
  type TaxDocumentBuyer,
  type TaxDocumentLine,
  type TaxDocumentSeller,
  taxInvoices,
} from '../../db/schema/index';
import { findBrandTaxProfile } from './brand-tax-profile';
import { nepalDatesAt } from './nepal-date';
import { takeDocumentNumber } from './take-document-number';
import { taxDocumentLines, totalsOf, withDocumentVat } from './tax-document-lines';
import { findUserTaxProfile } from './user-tax-profile';

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;

/**
 * Issues the tax invoice of a booking just paid, in the payment's transaction (docs/finance.md):
 * the next number of the brand's invoice series in the current fiscal year, the seller as the
 * brand's tax profile says now, the buyer (the PAN given at booking, else the booker's profile's),
 * and the lines of the booking's receipt. Issued once: a booking already invoiced keeps its invoice.
 */
export async function issueTaxInvoice(
  tx: Db,
  options: { bookingId: string; at?: Date },
): Promise<TaxInvoiceRow> {
  const [existing] = await tx
    .select()
    .from(taxInvoices)
    .where(and(eq(taxInvoices.bookingId, options.bookingId), isNull(taxInvoices.bookingChangeId)));
  if (existing) return existing;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, options.bookingId));
  if (!booking) throw new Error(`no booking ${options.bookingId} to invoice`);
  const dates = nepalDatesAt(options.at ?? new Date());
  const seller = await sellerOf(tx, booking.brandId);
  const buyer = await buyerOf(tx, booking);
  const lines = taxDocumentLines(booking.price, booking.route);
  return insertNumberedInvoice(tx, { booking, dates, seller, buyer, lines, at: options.at });
}

/**
 * Writes a tax invoice of the booking (a sale's, or a change's citing `bookingChangeId`) with the
 * next number of the brand's invoice series in the fiscal year of `dates`, and the lines' totals.
 */
export async function insertNumberedInvoice(
  tx: Db,
  invoice: {
    booking: Pick<typeof bookings.$inferSelect, 'id' | 'brandId' | 'currency'>;
    bookingChangeId?: string;
    dates: ReturnType<typeof nepalDatesAt>;
    seller: TaxDocumentSeller;
    buyer: TaxDocumentBuyer;
    lines: TaxDocumentLine[];
    at: Date | undefined;
  },
): Promise<TaxInvoiceRow> {
  const { booking, dates } = invoice;
  const fiscalYear = fiscalYearOf(dates.bs);
  // VAT once over the whole document, a date change's fee line included (docs/finance.md#vat-on-a-document).
  const lines = withDocumentVat(invoice.lines);
  const totals = totalsOf(lines);
  // The number is taken last, just before the insert: the counter stays locked until the commit,
  // so the less the transaction does after it, the less other payments of the brand wait.
  const sequence = await takeDocumentNumber(tx, { brandId: booking.brandId, series: 'invoice', fiscalYear });
  const [row] = await tx
    .insert(taxInvoices)
    .values({
      brandId: booking.brandId,
      bookingId: booking.id,
      ...(invoice.bookingChangeId ? { bookingChangeId: invoice.bookingChangeId } : {}),
      fiscalYear,
      sequence,
      number: taxDocumentNumber('', fiscalYear, sequence),
      currency: booking.currency,
      seller: invoice.seller,
      buyer: invoice.buyer,
      lines,
      ...totals,
      issuedOnBs: bsIsoDate(dates.bs),
      ...(invoice.at ? { issuedAt: invoice.at } : {}),
    })
    .returning();
  if (!row) throw new Error('the invoice was not written');
  return row;
}

/** The brand's seller details now; a brand without a tax profile prints its company name. */
export async function sellerOf(tx: Db, brandId: string): Promise<TaxDocumentSeller> {
  const profile = await findBrandTaxProfile(tx, brandId);
  if (profile)
    return {
      name: profile.legalName,
      address: profile.address,
      pan: profile.pan,
      vatNumber: profile.vatNumber,
    };
  const [brand] = await tx
    .select({ siteConfig: brands.siteConfig })
    .from(brands)
    .where(eq(brands.id, brandId));
  const config = siteConfig.safeParse(brand?.siteConfig);
  return { name: config.success ? config.data.companyName : '', address: '', pan: '', vatNumber: '' };
}

export async function buyerOf(tx: Db, booking: typeof bookings.$inferSelect): Promise<TaxDocumentBuyer> {
  if (booking.contact.buyerPan) return { name: booking.contact.name, pan: booking.contact.buyerPan };
  const profile = await findUserTaxProfile(tx, booking.userId);
  if (profile) return { name: profile.buyerName ?? booking.contact.name, pan: profile.pan };
  return { name: booking.contact.name, pan: null };
}
