import { sql } from 'drizzle-orm';
import type { OfferSegment } from '#shared/flights';
import { bookingLegs } from '../../db/schema/index';

/** A dated flight's id: flight number without its space and the local departure date (`U4601-2026-05-01`). */
export function flightIdOf(segment: Pick<OfferSegment, 'flight_number' | 'depart_at'>): string {
  return `${segment.flight_number.replace(/\s+/g, '')}-${segment.depart_at.slice(0, 10)}`;
}

/** SQL: the booking has a leg with a segment on this dated flight (the same id as `flightIdOf`). */
export function bookingFliesOn(bookingId: unknown, flightId: string) {
  return sql`exists (
    select 1 from ${bookingLegs}, jsonb_array_elements(${bookingLegs.offer}->'segments') as segment
     where ${bookingLegs.bookingId} = ${bookingId}
       and regexp_replace(segment->>'flight_number', '\\s+', '', 'g') || '-' || left(segment->>'depart_at', 10) = ${flightId})`;
}
