import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OfferPrice, PassengerPrice } from '#shared/flights';
import { receiptLines } from '#shared/receipt-lines';
import { creditNoteLines, taxDocumentLines, totalsOf } from './tax-document-lines';

const amount = fc.integer({ min: 0, max: 5_000_000 });
const passenger = fc
  .record({
    type: fc.constantFrom('adult', 'child', 'infant'),
    count: fc.integer({ min: 1, max: 9 }),
    base: amount,
    fuel_surcharge: amount,
    service_charge: amount,
    vat: amount,
    tourism_service_fee: fc.oneof(fc.constant(0), amount),
  })
  .map((p): PassengerPrice => {
    const total = p.base + p.fuel_surcharge + p.service_charge + p.vat + p.tourism_service_fee;
    return {
      ...p,
      taxes: p.service_charge + p.vat + p.tourism_service_fee,
      total,
      subtotal: total * p.count,
    };
  });
const price = fc.array(passenger, { minLength: 1, maxLength: 3 }).map(
  (perPassenger): OfferPrice => ({
    currency: 'NPR',
    total: perPassenger.reduce((sum, p) => sum + p.subtotal, 0),
    per_passenger: perPassenger,
    commission: null,
  }),
);

describe('tax document lines', () => {
  it('sort the receipt lines into columns that sum to the price, VAT apart and equal to the receipt’s', () => {
    fc.assert(
      fc.property(price, (p) => {
        const totals = totalsOf(taxDocumentLines(p, 'KTM → PKR'));
        expect(totals.total).toBe(p.total);
        const receiptVat = p.per_passenger.reduce(
          (sum, pp) => sum + (receiptLines(pp).find((l) => l.kind === 'vat')?.amount ?? 0) * pp.count,
          0,
        );
        expect(totals.vat).toBe(receiptVat);
        const international = p.per_passenger.some((pp) => (pp.tourism_service_fee ?? 0) > 0);
        if (!international) expect(totals.exportSales).toBe(0);
      }),
    );
  });

  it('a credit note shares a refund over the invoice’s columns: exact sum, no column above the invoice’s', () => {
    fc.assert(
      fc.property(price, fc.double({ min: 0, max: 1, noNaN: true }), (p, share) => {
        const lines = taxDocumentLines(p, 'KTM → DEL');
        const invoice = totalsOf(lines);
        const refund = Math.round(invoice.total * share);
        const note = totalsOf(creditNoteLines(lines, refund, '2083/84-000001'));
        expect(note.total).toBe(refund);
        expect(note.taxable).toBeLessThanOrEqual(invoice.taxable);
        expect(note.vat).toBeLessThanOrEqual(invoice.vat);
        expect(note.nonTaxable).toBeLessThanOrEqual(invoice.nonTaxable);
        expect(note.exportSales).toBeLessThanOrEqual(invoice.exportSales);
        if (refund === invoice.total) expect(note).toEqual(invoice);
      }),
    );
  });
});
