import type { Db } from '../../../db/client';
import { convertAmount } from '../../exchange-rates/convert-amount';
import { loadExchangeRates } from '../../exchange-rates/load-exchange-rates';
import type { SupplierChangeOffer } from '../../suppliers/supplier';
import type { SupplierChangePrice } from './quote-booking-change';

/**
 * An outside supplier's change offer in the booking's currency, at the brand's rates as the
 * supplier's offers are priced: its penalty as the change fee, its change total beyond the
 * penalty as the fare difference (never below zero: a cheaper fare gives nothing back), and the
 * new fare.
 */
export async function supplierChangePrice(
  db: Db,
  booking: { brandId: string | null; currency: string },
  offer: SupplierChangeOffer,
): Promise<SupplierChangePrice> {
  const rates = await loadExchangeRates(db, booking.brandId);
  const convert = (amount: number) =>
    convertAmount(Math.max(0, amount), offer.currency, booking.currency, rates);
  const changeFee = convert(offer.penalty);
  return {
    changeFee,
    fareDifference: Math.max(0, convert(offer.changeTotal) - changeFee),
    newFare: convert(offer.newTotal),
  };
}
