import type { OfferPrice } from '#shared/flights';
import { receiptLines } from '#shared/receipt-lines';
import type { TaxDocumentLine } from '../../db/schema/index';

export interface TaxDocumentTotals {
  taxable: number;
  vat: number;
  nonTaxable: number;
  exportSales: number;
  total: number;
}

const TYPE_NAMES = { adult: 'Adult', child: 'Child', infant: 'Infant' } as const;

/**
 * A booking's invoice lines, one per passenger type, taken from the receipt lines the booking
 * page shows (shared/src/receipt-lines.ts) and only sorted into the sales book's columns, never
 * priced again:
 * - VAT is its own column;
 * - the Tourism Service Fee is taxable (VAT is charged on it);
 * - base fare and fuel surcharge are taxable on a domestic ticket that bears VAT, export sales
 *   (international carriage, zero-rated) on an international one (a booking with a Tourism
 *   Service Fee), non-taxable otherwise;
 * - the passenger service charge is non-taxable.
 * The columns of each line sum to the line's receipt total, and the lines to `price.total`.
 */
export function taxDocumentLines(price: OfferPrice, route: string): TaxDocumentLine[] {
  const international = price.per_passenger.some((p) => (p.tourism_service_fee ?? 0) > 0);
  return price.per_passenger
    .filter((p) => p.count > 0)
    .map((p) => {
      const line: TaxDocumentLine = {
        description: `Air fare ${route.replaceAll('→', '–')}, ${TYPE_NAMES[p.type]} × ${p.count}`,
        taxable: 0,
        vat: 0,
        nonTaxable: 0,
        export: 0,
      };
      for (const { kind, amount } of receiptLines(p)) {
        const sum = amount * p.count;
        if (kind === 'vat') line.vat += sum;
        else if (kind === 'tourism_service_fee') line.taxable += sum;
        else if (kind === 'service_charge') line.nonTaxable += sum;
        else if (international) line.export += sum;
        else if (p.vat > 0) line.taxable += sum;
        else line.nonTaxable += sum;
      }
      return line;
    });
}

export function totalsOf(lines: TaxDocumentLine[]): TaxDocumentTotals {
  const totals = { taxable: 0, vat: 0, nonTaxable: 0, exportSales: 0, total: 0 };
  for (const line of lines) {
    totals.taxable += line.taxable;
    totals.vat += line.vat;
    totals.nonTaxable += line.nonTaxable;
    totals.exportSales += line.export;
  }
  totals.total = totals.taxable + totals.vat + totals.nonTaxable + totals.exportSales;
  return totals;
}

/**
 * A credit note's lines for a refund of `amount` against an invoice: each column of the invoice
 * gives back its share of the refund (largest remainder, so the columns sum exactly to the
 * refund), on one line citing the invoice. A full refund reverses every column exactly.
 */
export function creditNoteLines(
  invoiceLines: TaxDocumentLine[],
  amount: number,
  invoiceNumber: string,
): TaxDocumentLine[] {
  const totals = totalsOf(invoiceLines);
  const columns = [
    ['taxable', totals.taxable],
    ['vat', totals.vat],
    ['nonTaxable', totals.nonTaxable],
    ['export', totals.exportSales],
  ] as const;
  const refund = Math.min(amount, totals.total);
  const shares = columns.map(([key, value]) => {
    const exact = totals.total === 0 ? 0 : (value * refund) / totals.total;
    return { key, floor: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = refund - shares.reduce((sum, s) => sum + s.floor, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    if (left <= 0) break;
    share.floor += 1;
    left -= 1;
  }
  const line: TaxDocumentLine = {
    description: `Sales return against invoice ${invoiceNumber}`,
    taxable: 0,
    vat: 0,
    nonTaxable: 0,
    export: 0,
  };
  for (const share of shares) line[share.key] = share.floor;
  return [line];
}
