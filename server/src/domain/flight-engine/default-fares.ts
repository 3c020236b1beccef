import { localToUtc, MS_PER_MINUTE } from './calendar';
import { describeBaggage, fareConditions, refundsFare } from './fare-conditions';
import { NPR_PER_USD, RESIDENTIAL_FARE_FACTOR, routeCharges, tourismServiceFee } from './fare-rules';
import type { FareClass, ScheduledLeg } from './scheduled-leg';

/** Booking class codes read as business cabin when a schedule (SSIM) gives no fares. */
const BUSINESS_CLASSES = new Set(['F', 'J', 'C', 'D', 'I', 'Z', 'P']);

/**
 * Plausible default fares for a leg that has no stored fares (an imported SSIM schedule, the
 * benchmark's synthetic world): priced by block time, NPR 2,000 + NPR 200 a minute for the
 * full fare, cheaper classes at 85 % and 70 %. Its classes are the schedule's, in booking-designator
 * order (most expensive first).
 */
export function defaultFaresFor(leg: ScheduledLeg): FareClass[] {
  const minutes = approximateBlockMinutes(leg);
  const domestic = leg.originTimeZone === 'Asia/Kathmandu' && leg.destinationTimeZone === 'Asia/Kathmandu';
  const codes = Object.keys(leg.seatsByClass);
  // Legs of one block time and classes share one ladder (never changed once made): a search
  // reads these fares for thousands of flights, and a few hundred objects stay in the CPU's
  // caches where one ladder per leg would not.
  // The airline's own refund rules are part of each fare's conditions.
  const key = `${leg.airlineCode}|${minutes}|${domestic}|${codes.join(',')}`;
  let fares = sharedLadders.get(key);
  if (!fares) {
    fares = ladderFor(leg.airlineCode, minutes, domestic, codes);
    if (sharedLadders.size >= MAX_SHARED_LADDERS) sharedLadders.clear();
    sharedLadders.set(key, fares);
  }
  return fares;
}

/** Airlines × block minutes (15–1,200) × domestic or not × class sets: a few thousand in practice. */
const MAX_SHARED_LADDERS = 20_000;
const sharedLadders = new Map<string, FareClass[]>();

function ladderFor(airlineCode: string, minutes: number, domestic: boolean, codes: string[]): FareClass[] {
  const fullNpr = (2_000 + 200 * minutes) * 100;
  const economy = codes.filter((c) => !BUSINESS_CLASSES.has(c));
  return codes
    .map((classCode) => {
      const business = BUSINESS_CLASSES.has(classCode);
      const position = economy.indexOf(classCode);
      // Economy classes from the last (cheapest) upwards: 70 %, 85 %, then 100 %.
      const fromCheapest = economy.length - 1 - position;
      const factor = business ? 2.5 : ([0.7, 0.85][fromCheapest] ?? 1);
      const rank = business ? 100 + codes.indexOf(classCode) : fromCheapest + 1;
      const baseNpr = Math.round(fullNpr * factor);
      const conditions = fareConditions(
        airlineCode,
        business || factor === 1 ? 'flex' : factor >= 0.85 ? 'apex' : 'saver',
        business ? { checked_kg: 30, cabin_kg: 7 } : { checked_kg: 20, cabin_kg: 5 },
      );
      const fuelNpr = Math.round(minutes * 40) * 100;
      return {
        classCode,
        family: business ? 'Business' : factor === 1 ? 'Flex' : factor >= 0.85 ? 'Standard' : 'Saver',
        cabin: business ? 'business' : 'economy',
        rank,
        baseNpr,
        baseUsd: Math.round(baseNpr / NPR_PER_USD),
        residentialNpr: Math.round(baseNpr * RESIDENTIAL_FARE_FACTOR),
        fuelSurchargeNpr: fuelNpr,
        fuelSurchargeUsd: Math.round(fuelNpr / NPR_PER_USD),
        ...routeCharges(domestic),
        ...tourismServiceFee(!domestic),
        openToForeigners: true,
        baggage: describeBaggage(conditions.baggage),
        refundable: refundsFare(conditions),
        conditions,
        advancePurchaseDays: 0,
      } satisfies FareClass;
    })
    .sort((a, b) => a.rank - b.rank);
}

/** Block time on the schedule's first day, between 15 minutes and 20 hours. */
function approximateBlockMinutes(leg: ScheduledLeg): number {
  const depart = localToUtc(leg.fromDay, leg.departureMinutes, leg.originTimeZone);
  const arrive = localToUtc(leg.fromDay + leg.arrivalDayOffset, leg.arrivalMinutes, leg.destinationTimeZone);
  const minutes = Math.round((arrive - depart) / MS_PER_MINUTE);
  return Math.max(15, Math.min(minutes > 0 ? minutes : minutes + 1440, 20 * 60));
}
