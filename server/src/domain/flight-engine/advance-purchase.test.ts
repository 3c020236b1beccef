import { describe, expect, it } from 'vitest';
import { buildOffers, type OfferContext, sellableFares } from './build-offers';
import { dayOf, MS_PER_DAY } from './calendar';
import { fareConditions } from './fare-conditions';
import type { DatedFlight, FareClass, ScheduledLeg } from './flight-network';

const leg = {
  id: 1,
  airlineCode: 'U4',
  flightNumber: '601',
  origin: 'KTM',
  destination: 'PKR',
} as ScheduledLeg;
const fare = (
  classCode: string,
  family: string,
  rank: number,
  baseNpr: number,
  advancePurchaseDays: number,
) =>
  ({
    classCode,
    family,
    cabin: 'economy',
    rank,
    baseNpr,
    baseUsd: 0,
    residentialNpr: baseNpr,
    fuelSurchargeNpr: 0,
    fuelSurchargeUsd: 0,
    serviceChargeNpr: 0,
    serviceChargeUsd: 0,
    vatBasisPoints: 0,
    tourismServiceFeeNpr: 0,
    tourismServiceFeeUsd: 0,
    openToForeigners: false,
    baggage: '15 KG',
    refundable: false,
    conditions: fareConditions('U4', 'saver', { checked_kg: 15, cabin_kg: 0 }),
    advancePurchaseDays,
  }) satisfies FareClass;
const ladder = [
  fare('O', 'Saver', 1, 3_000_00, 7),
  fare('B', 'Saver', 2, 3_500_00, 3),
  fare('A', 'Apex', 3, 4_500_00, 0),
  fare('Y', 'Flex', 4, 5_500_00, 0),
];
const day = dayOf('2026-12-20');
const departUtc = day * MS_PER_DAY + 3 * 3_600_000;
const flight: DatedFlight = {
  leg,
  day,
  departUtc,
  arriveUtc: departUtc + 1_500_000,
  arrivalDay: day,
  fares: ladder,
  ladder,
  finalLoad: Number.NaN,
};

const contextAt = (daysBefore: number, seatsLeft = (_: DatedFlight, _code: string) => 9): OfferContext => ({
  supplier: 'house',
  tier: 'npr',
  passengers: { adults: 1, children: 0, infants: 0 },
  grantedCommissionPercent: 0,
  agent: false,
  cabin: '',
  notBeforeUtc: departUtc - daysBefore * MS_PER_DAY,
  seatsLeft,
});
const codes = (context: OfferContext) => sellableFares(flight, context).map((f) => f.fare.classCode);

describe('advance purchase and fare ladders', () => {
  it('closes O 7 days and B 3 days (× 24 h) before departure', () => {
    expect(codes(contextAt(7))).toEqual(['O', 'B', 'A', 'Y']);
    expect(codes(contextAt(6.99))).toEqual(['B', 'A', 'Y']);
    expect(codes(contextAt(3))).toEqual(['B', 'A', 'Y']);
    expect(codes(contextAt(2.99))).toEqual(['A', 'Y']);
  });

  it("offers each family's lowest open step once, and a sold-out step raises the flight's fare", () => {
    const offered = buildOffers([[flight]], contextAt(10));
    expect(offered.map((o) => o.segments[0]?.fare.classCode)).toEqual(['O', 'A', 'Y']);
    const oSoldOut = buildOffers(
      [[flight]],
      contextAt(10, (_, code) => (code === 'O' ? 0 : 9)),
    );
    expect(oSoldOut.map((o) => o.segments[0]?.fare.classCode)).toEqual(['B', 'A', 'Y']);
    expect(oSoldOut[0]?.price.total).toBeGreaterThan(offered[0]?.price.total ?? 0);
  });
});
