import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OfferPrice, PassengerPrice } from '#shared/flights';
import { receiptLines } from '#shared/receipt-lines';
import {
  creditNoteLines,
  largestRemainder,
  splitVatInclusive,
  taxDocumentLines,
  totalsOf,
  vatOn,
  withDocumentVat,
} from './tax-document-lines';

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

const international = (p: OfferPrice) => p.per_passenger.some((pp) => (pp.tourism_service_fee ?? 0) > 0);

describe('tax document lines', () => {
  it('sort the receipt lines into columns that sum to the price, with VAT 13 % of the taxable total', () => {
    fc.assert(
      fc.property(price, (p) => {
        const lines = taxDocumentLines(p, 'KTM → PKR');
        const totals = totalsOf(lines);
        expect(totals.total).toBe(p.total);
        expect(totals.vat).toBe(vatOn(totals.taxable));
        // What was paid for taxable sales stays theirs: taxable, VAT and the paisa no whole taxable reaches.
        const receiptTaxedGross = p.per_passenger.reduce((sum, pp) => {
          const receipt = receiptLines(pp);
          const taxed = receipt
            .filter(
              (l) =>
                l.kind === 'vat' ||
                l.kind === 'tourism_service_fee' ||
                (pp.vat > 0 && !international(p) && (l.kind === 'base' || l.kind === 'fuel_surcharge')),
            )
            .reduce((a, l) => a + l.amount, 0);
          return sum + taxed * pp.count;
        }, 0);
        const { unreached } = splitVatInclusive(receiptTaxedGross);
        expect(totals.taxable + totals.vat + unreached).toBe(receiptTaxedGross);
        if (!international(p)) expect(totals.exportSales).toBe(0);
      }),
    );
  });

  it('keep the receipt’s VAT when it is already 13 % of the taxable amounts', () => {
    const exact = fc
      .record({
        type: fc.constantFrom('adult', 'child', 'infant'),
        count: fc.integer({ min: 1, max: 9 }),
        rupees: fc.integer({ min: 1, max: 50_000 }),
        service_charge: amount,
      })
      .map(({ type, count, rupees, service_charge }): PassengerPrice => {
        const base = rupees * 100;
        const vat = rupees * 13; // 13 % of whole rupees is whole paisa
        const total = base + service_charge + vat;
        return {
          type,
          count,
          base,
          fuel_surcharge: 0,
          service_charge,
          vat,
          tourism_service_fee: 0,
          taxes: service_charge + vat,
          total,
          subtotal: total * count,
        };
      });
    fc.assert(
      fc.property(fc.array(exact, { minLength: 1, maxLength: 3 }), (perPassenger) => {
        const p: OfferPrice = {
          currency: 'NPR',
          total: perPassenger.reduce((sum, pp) => sum + pp.subtotal, 0),
          per_passenger: perPassenger,
          commission: null,
        };
        const lines = taxDocumentLines(p, 'KTM → PKR');
        lines.forEach((line, index) => {
          const pp = perPassenger[index] as PassengerPrice;
          expect(line.vat).toBe(pp.vat * pp.count);
          expect(line.taxable).toBe(pp.base * pp.count);
        });
      }),
    );
  });

  it('a credit note shares a refund over the invoice’s columns: exact sum, VAT 13 % of its taxable, none above the invoice’s', () => {
    fc.assert(
      fc.property(price, fc.double({ min: 0, max: 1, noNaN: true }), (p, share) => {
        const lines = taxDocumentLines(p, 'KTM → DEL');
        const invoice = totalsOf(lines);
        const refund = Math.round(invoice.total * share);
        const note = totalsOf(creditNoteLines(lines, refund, '2083/84-000001'));
        expect(note.total).toBe(refund);
        expect(note.vat).toBe(vatOn(note.taxable));
        expect(note.taxable).toBeLessThanOrEqual(invoice.taxable);
        expect(note.vat).toBeLessThanOrEqual(invoice.vat);
        // The one paisa of a refund no whole taxable amount reaches is non-taxable (splitVatInclusive).
        expect(note.nonTaxable).toBeLessThanOrEqual(invoice.nonTaxable + 1);
        expect(note.exportSales).toBeLessThanOrEqual(invoice.exportSales);
        if (refund === invoice.total) expect(note).toEqual(invoice);
      }),
    );
  });
});

describe('VAT over a document', () => {
  const gross = fc.integer({ min: 0, max: 2_000_000_000 });

  it('splits a VAT-inclusive amount into a taxable amount and 13 % of it rounded once, at most a paisa unreached', () => {
    fc.assert(
      fc.property(gross, (g) => {
        const { taxable, vat, unreached } = splitVatInclusive(g);
        expect(vat).toBe(Math.round((taxable * 13) / 100));
        expect(taxable + vat + unreached).toBe(g);
        expect(unreached === 0 || unreached === 1).toBe(true);
        // The largest such taxable amount: one paisa more goes past what was paid.
        expect(taxable + 1 + vatOn(taxable + 1)).toBeGreaterThan(g);
        if (unreached === 1) expect(taxable + 1 + vatOn(taxable + 1)).toBe(g + 1);
      }),
      { numRuns: 5_000 },
    );
  });

  it('reaches every amount that is some taxable amount plus its VAT, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (taxable) => {
        expect(splitVatInclusive(taxable + vatOn(taxable))).toEqual({
          taxable,
          vat: vatOn(taxable),
          unreached: 0,
        });
      }),
      { numRuns: 5_000 },
    );
  });

  it('shares by largest remainder: exact sum, each share within one of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const shares = largestRemainder(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          if (sum === 0) {
            expect(shares.every((share) => share === 0)).toBe(true);
            return;
          }
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          shares.forEach((share, index) => {
            const exact = ((weights[index] ?? 0) * total) / sum;
            expect(share).toBeGreaterThanOrEqual(Math.floor(exact));
            expect(share).toBeLessThanOrEqual(Math.ceil(exact));
          });
        },
      ),
    );
  });

  it('allocates the document’s VAT over its lines so they add up to it exactly, the total unchanged, twice the same', () => {
    const line = fc.record({
      description: fc.constant('Air fare'),
      taxable: fc.integer({ min: 0, max: 50_000_000 }),
      vat: fc.integer({ min: 0, max: 7_000_000 }),
      nonTaxable: fc.integer({ min: 0, max: 5_000_000 }),
      export: fc.integer({ min: 0, max: 5_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (lines) => {
        const documentLines = withDocumentVat(lines);
        const before = totalsOf(lines);
        const after = totalsOf(documentLines);
        expect(after.total).toBe(before.total);
        expect(after.vat).toBe(vatOn(after.taxable));
        expect(after.exportSales).toBe(before.exportSales);
        expect(documentLines.reduce((sum, l) => sum + l.vat, 0)).toBe(after.vat);
        expect(withDocumentVat(documentLines)).toEqual(documentLines);
      }),
    );
  });

  it('three adults at an odd fare: one VAT over the document, not three rounded ones', () => {
    // 100.05 each: 13 % is 13.0065, so three receipts charge 13.01 × 3 = 39.03.
    const lines = withDocumentVat([
      { description: 'Air fare KTM–PKR, Adult × 3', taxable: 30_015, vat: 3_903, nonTaxable: 0, export: 0 },
    ]);
    const totals = totalsOf(lines);
    expect(totals.total).toBe(33_918);
    expect(totals.vat).toBe(vatOn(totals.taxable));
    expect(totals.taxable + totals.vat + totals.nonTaxable).toBe(33_918);
  });
});
