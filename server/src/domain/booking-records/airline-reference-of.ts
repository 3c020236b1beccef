/**
 * The airline's booking reference(s) of a booking's legs, shown beside Tikat's PNR: distinct ones
 * joined by ", ", or null when no outside supplier made an order (house bookings).
 */
export function airlineReferenceOf(legs: { airlineReference: string | null }[]): string | null {
  const references = [
    ...new Set(legs.flatMap((leg) => (leg.airlineReference ? [leg.airlineReference] : []))),
  ];
  return references.length > 0 ? references.join(', ') : null;
}
