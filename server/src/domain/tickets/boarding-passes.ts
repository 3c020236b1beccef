import type { FullBooking } from '../booking-records/find-booking';
import { journeyBcbp, MAX_BCBP_LEGS } from './bcbp';

/** One boarding-pass barcode's text, for a passenger and a journey leg (or its part). */
export interface BoardingPass {
  passengerId: string;
  /** Index of the itinerary's leg (a connection's flights are one leg). */
  legIndex: number;
  text: string;
}

/** `20 kg` → 20: the free checked baggage a pass carries (nothing when the text has no kilograms). */
function baggageOf(text: string): { baggageKg?: number } {
  const kg = /(\d+)\s*kg/i.exec(text);
  return kg ? { baggageKg: Number(kg[1]) } : {};
}

/**
 * The BCBP texts of a booking: per passenger and journey leg one pass with a leg per flight (a
 * pass holds four; a longer journey continues on another), with the flights' ticket numbers.
 * Infants fly on an adult's lap, one per adult: the first adults booked carry them.
 */
export function boardingPasses(full: FullBooking): BoardingPass[] {
  const { booking } = full;
  const infants = full.passengers.filter((p) => p.type === 'infant').length;
  const passes: BoardingPass[] = [];
  let adults = 0;
  for (const passenger of full.passengers) {
    const kind =
      passenger.type === 'adult' ? (adults++ < infants ? 'adult-with-infant' : 'adult') : passenger.type;
    let first = 0;
    for (const [legIndex, leg] of full.legs.entries()) {
      const flights = leg.offer.segments.map((segment, offset) => {
        const [carrier, number] = segment.flight_number.split(' ');
        const ticket = full.tickets.find(
          (t) => t.passengerId === passenger.id && t.segmentIndex === first + offset,
        );
        return {
          pnr: booking.pnr,
          from: segment.depart_code,
          to: segment.dest_code,
          carrier: carrier ?? '',
          flightNumber: number ?? '',
          date: segment.depart_at.slice(0, 10),
          compartment: segment.class_code,
          ...(ticket ? { ticketNumber: ticket.ticketNumber } : {}),
          ...baggageOf(segment.baggage),
        };
      });
      first += flights.length;
      for (let from = 0; from < flights.length; from += MAX_BCBP_LEGS) {
        passes.push({
          passengerId: passenger.id,
          legIndex,
          text: journeyBcbp({
            lastName: passenger.lastName,
            firstName: passenger.firstName,
            title: passenger.title,
            kind,
            gender: passenger.gender,
            legs: flights.slice(from, from + MAX_BCBP_LEGS),
            issuedOn: (booking.paidAt ?? booking.createdAt).toISOString().slice(0, 10),
            issuer: flights[0]?.carrier ?? '',
          }),
        });
      }
    }
  }
  return passes;
}
