import { MAX_SEATED_PASSENGERS } from '#shared/flights';
import { dateOf, dayOf } from './calendar';
import type { FareTier, Passengers } from './price-offer';

/** One segment of an offer as its id names it. */
export interface OfferSegmentRef {
  airlineCode: string;
  flightNumber: string;
  origin: string;
  destination: string;
  /** Local departure day number. */
  day: number;
  classCode: string;
}

export interface OfferRef {
  supplier: string;
  /** The flights of a house offer; empty for an outside supplier's offer (its own id names them). */
  segments: OfferSegmentRef[];
  /** An outside supplier's own offer id (e.g. Duffel's `off_…`), instead of segments. */
  supplierOfferId?: string;
  passengers: Passengers;
  tier: FareTier;
}

/** An outside supplier's own offer id: a short prefix, an underscore, letters and digits. */
const SUPPLIER_OFFER_ID = /^[a-z]{2,5}_[A-Za-z0-9]{8,80}$/;
const SEGMENT = /^([A-Z0-9]{2,3})\.([0-9]{1,4}[A-Z]?)\.([A-Z]{3})\.([A-Z]{3})\.(\d{8})\.([A-Z])$/;
const TIERS: readonly FareTier[] = ['npr', 'usd', 'residential'];

const compactDates = new Map<number, string>();

/** Day number → `20260501` (remembered: every offer id of a search repeats a few dates). */
function compactDate(day: number): string {
  let text = compactDates.get(day);
  if (text === undefined) {
    text = dateOf(day).replaceAll('-', '');
    if (compactDates.size >= 10_000) compactDates.clear();
    compactDates.set(day, text);
  }
  return text;
}

/**
 * A readable, deterministic offer id: supplier, each segment (airline, flight number, airports,
 * local date, class), the passenger mix and the fare tier, e.g.
 * `house~U4.601.KTM.PKR.20260501.Y~1.0.0~npr`. The same id always prices the same way until the
 * inventory behind it changes.
 */
export function encodeOfferId(ref: OfferRef): string {
  const segments =
    ref.supplierOfferId ??
    ref.segments
      .map((s) =>
        [s.airlineCode, s.flightNumber, s.origin, s.destination, compactDate(s.day), s.classCode].join('.'),
      )
      .join('+');
  const { adults, children, infants } = ref.passengers;
  return `${ref.supplier}~${segments}~${adults}.${children}.${infants}~${ref.tier}`;
}

/** Parses an offer id, or returns undefined when it is not one this server made. */
export function decodeOfferId(id: string): OfferRef | undefined {
  const parts = id.split('~');
  if (parts.length !== 4) return undefined;
  const [supplier, segmentText, paxText, tierText] = parts as [string, string, string, string];
  if (!/^[a-z0-9-]{1,20}$/.test(supplier) || !TIERS.includes(tierText as FareTier)) return undefined;
  const pax = paxText.split('.').map(Number);
  if (pax.length !== 3 || pax.some((n) => !Number.isInteger(n) || n < 0 || n > 9)) return undefined;
  const [adultCount = 0, childCount = 0, infantCount = 0] = pax;
  // A mix no search can price: nobody, children or infants alone, more infants than laps.
  if (adultCount < 1 || infantCount > adultCount || adultCount + childCount > MAX_SEATED_PASSENGERS) {
    return undefined;
  }
  const [adults, children, infants] = pax as [number, number, number];
  const passengers = { adults, children, infants };
  if (supplier !== 'house' && SUPPLIER_OFFER_ID.test(segmentText))
    return { supplier, segments: [], supplierOfferId: segmentText, passengers, tier: tierText as FareTier };
  const segments: OfferSegmentRef[] = [];
  for (const text of segmentText.split('+')) {
    const match = SEGMENT.exec(text);
    if (!match) return undefined;
    const [, airlineCode, flightNumber, origin, destination, ymd, classCode] = match as unknown as string[];
    const date = `${ymd?.slice(0, 4)}-${ymd?.slice(4, 6)}-${ymd?.slice(6, 8)}`;
    const day = dayOf(date);
    if (!Number.isFinite(day) || dateOf(day) !== date) return undefined;
    segments.push({
      airlineCode: airlineCode as string,
      flightNumber: flightNumber as string,
      origin: origin as string,
      destination: destination as string,
      day,
      classCode: classCode as string,
    });
  }
  if (segments.length === 0 || segments.length > 3) return undefined;
  return { supplier, segments, passengers, tier: tierText as FareTier };
}
