import type { FullBooking } from './find-booking';

/** What the money of a booking is worked out from: its row and its passengers. */
type BookingMoneyInput = Pick<FullBooking, 'booking' | 'passengers'>;

type Passenger = FullBooking['passengers'][number];

/**
 * Shares `total` (integer minor units) in proportion to `weights`, each share an integer and the
 * shares adding up to `total` exactly (largest remainder; ties to the earlier). All weights zero:
 * equal shares. docs/bookings.md#after-sales-money.
 */
export function allocate(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const used = sum > 0 ? weights : weights.map(() => 1);
  const usedSum = sum > 0 ? sum : weights.length;
  const exact = used.map((w) => (total * w) / usedSum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** What the booking's price asks of one passenger of each type (the traveller's price). */
function priceWeights(full: BookingMoneyInput): number[] {
  const each = new Map(full.booking.price.per_passenger.map((p) => [p.type, p.total]));
  return full.passengers.map((p) => each.get(p.type) ?? 0);
}

/**
 * Each passenger's part of the sale's payment (`amount_due`, what the booker was charged, once
 * paid, also after a cancellation): the payment shared by their prices, so the parts add up to it
 * exactly whatever order passengers are cancelled in.
 */
export function salePartsOf(full: BookingMoneyInput): Map<string, number> {
  return partsOf(full, full.booking.paidAt !== null ? full.booking.amountDue : 0);
}

/** Each passenger's part of the traveller's price (the booking's `price.total`). */
export function pricePartsOf(full: BookingMoneyInput): Map<string, number> {
  return partsOf(full, full.booking.price.total);
}

function partsOf(full: BookingMoneyInput, total: number): Map<string, number> {
  const shares = allocate(total, priceWeights(full));
  return new Map(full.passengers.map((p, i) => [p.id, shares[i] ?? 0]));
}

/**
 * What a passenger paid that comes back with their fare: their part of the sale's payment and the
 * fare differences of their date changes. Change fees are kept (the change was made).
 */
export function refundablePaidOf(sale: Map<string, number>, passenger: Passenger): number {
  return (sale.get(passenger.id) ?? 0) + passenger.changesPaid;
}

/** Everything paid for a passenger: their part of the sale, fare differences and change fees. */
export function paidForPassenger(sale: Map<string, number>, passenger: Passenger): number {
  return (sale.get(passenger.id) ?? 0) + passenger.changesPaid + passenger.changeFeesPaid;
}

/**
 * The booking's money as it now stands: what was paid (sale and date changes), what came back,
 * and the traveller's price of the passengers still travelling (their part of the price and of
 * their date changes).
 */
export function bookingMoneyOf(full: BookingMoneyInput): {
  paid: number;
  refunded: number;
  travellingTotal: number;
} {
  const sale = salePartsOf(full);
  const price = pricePartsOf(full);
  const active = ['held', 'paid', 'ticketed'].includes(full.booking.status);
  let paid = 0;
  let refunded = 0;
  let travellingTotal = 0;
  for (const p of full.passengers) {
    paid += paidForPassenger(sale, p);
    refunded += p.refunded;
    if (active && p.cancelledAt === null) {
      travellingTotal += (price.get(p.id) ?? 0) + p.changesPaid + p.changeFeesPaid;
    }
  }
  return { paid, refunded, travellingTotal };
}
