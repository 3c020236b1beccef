import type { Db } from '../../../db/client';
import type { FullBooking } from '../../booking-records/find-booking';
import { convertAmount, decimalOf } from '../../exchange-rates/convert-amount';
import { loadExchangeRates } from '../../exchange-rates/load-exchange-rates';
import { supplierById } from '../../suppliers/configured-suppliers';
import type { SupplierCancellation } from '../../suppliers/supplier';
import type { CancellationQuote } from './quote-cancellation';

/** A quote made by the booking's outside supplier: its cancellations, to confirm the same ones. */
export interface SupplierCancellationQuote extends CancellationQuote {
  cancellations: { supplier: string; cancellation: SupplierCancellation }[];
}

/** Whether a booking's cancellation is the supplier's to quote: paid, and ordered with one that quotes. */
export function quotedBySupplier(full: FullBooking): boolean {
  const { status } = full.booking;
  if (status !== 'paid' && status !== 'ticketed') return false;
  return full.legs.some(
    (leg) => leg.supplierOrderId !== null && supplierById(leg.supplier)?.quoteCancellation !== undefined,
  );
}

/**
 * What cancelling a paid booking gives back when an outside supplier ordered it: the supplier's
 * own refund (Duffel: an order cancellation per leg, `refund_amount` in `refund_currency`),
 * converted into the booking's currency at the rate kept on the booking when it was sold (the
 * brand's current rates for any other currency), never more than was paid. Nothing is cancelled:
 * `confirmSupplierCancellation` confirms these cancellations.
 */
export async function quoteSupplierCancellation(
  db: Db,
  full: FullBooking,
  now = Date.now(),
): Promise<SupplierCancellationQuote> {
  const { booking } = full;
  const paid = booking.amountDue;
  const base = { currency: booking.currency, paid };
  if (full.legs.some((leg) => leg.segmentFares.some((s) => Date.parse(s.departUtc) <= now)))
    return {
      ...base,
      cancellationFee: paid,
      refund: 0,
      rule: 'A flight has left: no refund of the fare on a no-show.',
      refusal: 'A flight of this booking has already left: it can no longer be cancelled online.',
      cancellations: [],
    };
  const cancellations: SupplierCancellationQuote['cancellations'] = [];
  for (const leg of full.legs) {
    const supplier = supplierById(leg.supplier);
    if (!leg.supplierOrderId || !supplier?.quoteCancellation) continue;
    const cancellation = await supplier.quoteCancellation(db, {
      orderId: leg.supplierOrderId,
      brandId: booking.brandId,
    });
    cancellations.push({ supplier: supplier.id, cancellation });
  }
  return { ...(await refundOf(db, full, cancellations)), cancellations };
}

/** The quote for the supplier's cancellations (quoted or confirmed), in the booking's currency. */
export async function refundOf(
  db: Db,
  full: FullBooking,
  cancellations: SupplierCancellationQuote['cancellations'],
): Promise<CancellationQuote> {
  const { booking } = full;
  const paid = booking.amountDue;
  const rates = new Map(await loadExchangeRates(db, booking.brandId));
  for (const leg of full.legs) {
    const kept = leg.offer.supplier_quote?.rate;
    if (kept)
      rates.set(kept.currency, {
        currency: kept.currency,
        unit: kept.unit,
        npr: kept.npr,
        effectiveDate: kept.effective_date,
        source: kept.source,
      });
  }
  let converted = 0;
  const words: string[] = [];
  for (const { cancellation } of cancellations) {
    converted += convertAmount(
      cancellation.refundAmount,
      cancellation.refundCurrency,
      booking.currency,
      rates,
    );
    words.push(
      `${decimalOf(cancellation.refundAmount, cancellation.refundCurrency)} ${cancellation.refundCurrency}`,
    );
  }
  const refund = Math.min(paid, converted);
  return {
    currency: booking.currency,
    paid,
    cancellationFee: paid - refund,
    refund,
    rule:
      refund > 0
        ? `The airline refunds ${words.join(' + ')}, converted at the rate of the sale; the rest is kept under the fare's rules.`
        : 'The airline refunds nothing on this fare: cancelling gives nothing back.',
  };
}
