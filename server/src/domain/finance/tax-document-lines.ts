import type { OfferPrice } from '#shared/flights';
import { receiptLines } from '#shared/receipt-lines';
import type { TaxDocumentLine } from '../../db/schema/index';
import { DOMESTIC_VAT_BASIS_POINTS } from '../flight-engine/fare-rules';

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
 * The document's VAT is then 13 % of its taxable total (withDocumentVat); the lines sum to
 * `price.total`.
 */
export function taxDocumentLines(price: OfferPrice, route: string): TaxDocumentLine[] {
  const international = price.per_passenger.some((p) => (p.tourism_service_fee ?? 0) > 0);
  const lines = price.per_passenger
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
  return withDocumentVat(lines);
}

/** VAT on a taxable amount (minor units), rounded once: 13 %. */
export const vatOn = (taxable: number) => Math.round((taxable * DOMESTIC_VAT_BASIS_POINTS) / 10_000);

/**
 * A VAT-inclusive amount (what was paid for taxable sales) as a taxable amount and its 13 % VAT:
 * the largest taxable amount whose amount plus vatOn(it) is within `gross`. As each paisa more of
 * taxable adds 1.13 paisa, some amounts are reached by no whole taxable amount: the one paisa left
 * over is `unreached`, shown as non-taxable (docs/finance.md#vat-on-a-document).
 */
export function splitVatInclusive(gross: number): { taxable: number; vat: number; unreached: number } {
  if (gross <= 0) return { taxable: 0, vat: 0, unreached: Math.max(0, gross) };
  let taxable = Math.floor((gross * 10_000) / (10_000 + DOMESTIC_VAT_BASIS_POINTS));
  while (taxable + 1 + vatOn(taxable + 1) <= gross) taxable += 1;
  while (taxable > 0 && taxable + vatOn(taxable) > gross) taxable -= 1;
  const vat = vatOn(taxable);
  return { taxable, vat, unreached: gross - taxable - vat };
}

/**
 * `total` shared over `weights` in proportion, in whole minor units that add up to it exactly:
 * each its share rounded down, then one more to the largest remainders (the first on a tie).
 */
export function largestRemainder(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((weight, index) => {
    const exact = (weight * total) / sum;
    return { index, floor: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = total - shares.reduce((a, share) => a + share.floor, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break;
    share.floor += 1;
    left -= 1;
  }
  return shares.map((share) => share.floor);
}

/**
 * A tax document's lines with its VAT worked out once over the document (docs/finance.md#vat-on-a-document):
 * what was paid for taxable sales (taxable plus VAT, over every line) split into a taxable total and
 * 13 % of it rounded once; the taxable total shared over the lines in proportion to what each paid
 * for taxable sales, the VAT over the lines in proportion to their taxable amounts, both by largest
 * remainder, so the lines add up to the document's figures exactly. The document's total is
 * unchanged: what was paid. Applying it twice changes nothing.
 */
export function withDocumentVat(lines: TaxDocumentLine[]): TaxDocumentLine[] {
  const grosses = lines.map((line) => line.taxable + line.vat);
  const { taxable, vat, unreached } = splitVatInclusive(grosses.reduce((a, b) => a + b, 0));
  const taxables = largestRemainder(taxable, grosses);
  const vats = largestRemainder(vat, taxables);
  const largest = grosses.indexOf(Math.max(...grosses));
  return lines.map((line, index) => ({
    ...line,
    taxable: taxables[index] ?? 0,
    vat: vats[index] ?? 0,
    nonTaxable: line.nonTaxable + (index === largest ? unreached : 0),
  }));
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
  const shared = largestRemainder(
    refund,
    columns.map(([, value]) => value),
  );
  const line: TaxDocumentLine = {
    description: `Sales return against invoice ${invoiceNumber}`,
    taxable: 0,
    vat: 0,
    nonTaxable: 0,
    export: 0,
  };
  columns.forEach(([key], index) => {
    line[key] = shared[index] ?? 0;
  });
  return withDocumentVat([line]);
}
