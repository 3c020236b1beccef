/* No zod here: the web app imports this at run time. */
import type { PassengerPrice } from './flights';

export type ReceiptLineKind = 'base' | 'fuel_surcharge' | 'service_charge' | 'vat' | 'tourism_service_fee';

/** How the receipt names each line, in English (the web app has its own translations). */
export const RECEIPT_LINE_LABELS: Record<ReceiptLineKind, string> = {
  base: 'Base fare',
  fuel_surcharge: 'Fuel surcharge',
  service_charge: 'Passenger service charge',
  vat: 'VAT',
  tourism_service_fee: 'Tourism Service Fee',
};

/**
 * One passenger's price as the traveller's receipt shows it, per passenger in minor units: base
 * fare, fuel surcharge, passenger service charge, VAT where any is charged (13 % on domestic fares
 * and on the Tourism Service Fee) and the Tourism Service Fee on international tickets. The lines
 * always sum exactly to `total` (a line of 0 is left out; prices made before a line existed have
 * it inside `taxes` with the service charge and VAT, and sum the same).
 */
export function receiptLines(p: PassengerPrice): { kind: ReceiptLineKind; amount: number }[] {
  const lines: { kind: ReceiptLineKind; amount: number }[] = [
    { kind: 'base', amount: p.base },
    { kind: 'fuel_surcharge', amount: p.fuel_surcharge },
    { kind: 'service_charge', amount: p.service_charge },
    { kind: 'vat', amount: p.vat },
    { kind: 'tourism_service_fee', amount: p.tourism_service_fee ?? 0 },
  ];
  return lines.filter((line, index) => index < 2 || line.amount !== 0);
}
