import type { z } from 'zod';
import type { createBookingRequest } from '#shared/bookings';
import { isCalendarDate, NPR_FARE_NATIONALITIES } from '#shared/flights';
import { invalidFields } from '../../../errors';
import type { FareTier, Passengers } from '../../flight-engine/price-offer';

type PassengerRequest = z.output<typeof createBookingRequest>['passengers'][number];

export interface TripFacts {
  /** Who the offers were priced for (from the offer ids). */
  passengers: Passengers;
  tier: FareTier;
  /** Local date (YYYY-MM-DD) of the first and of the last flight. */
  firstFlightDate: string;
  lastFlightDate: string;
  /** Whether any flight leaves or lands outside Nepal. */
  international: boolean;
}

/** Months of passport validity needed past the last flight on an international trip. */
export const PASSPORT_VALID_MONTHS = 6;
/** Infants fly from 7 days old (domain-nepal.md). */
const INFANT_MIN_DAYS = 7;

/** Whole years from `birth` to `on` (both YYYY-MM-DD). */
export function ageOn(birth: string, on: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = on.split('-').map(Number) as [number, number, number];
  return oy - by - (om < bm || (om === bm && od < bd) ? 1 : 0);
}

/** `date` plus `months` calendar months, YYYY-MM-DD (clamped to the month's last day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Checks the passengers against the trip: the mix the offers were priced for, ages on the travel
 * date, infants on adults' laps, nationality against the fare tier and passports on international
 * trips. Throws VALIDATION_FAILED naming every wrong field, e.g. `passengers.1.date_of_birth`.
 */
export function checkPassengers(passengers: PassengerRequest[], trip: TripFacts): void {
  const fields: Record<string, string> = {};
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of passengers) counts[p.type]++;
  const priced = trip.passengers;
  if (
    counts.adult !== priced.adults ||
    counts.child !== priced.children ||
    counts.infant !== priced.infants
  ) {
    fields.passengers =
      `The flights were priced for ${priced.adults} adult(s), ${priced.children} child(ren) and ` +
      `${priced.infants} infant(s): add or remove passengers to match, or search again.`;
  }
  if (counts.adult === 0) {
    fields.passengers = 'Children and infants travel with an adult: add an adult passenger.';
  } else if (counts.infant > counts.adult) {
    fields.passengers = 'Each infant travels on an adult’s lap: there cannot be more infants than adults.';
  }
  passengers.forEach((p, index) => {
    const at = (field: string) => `passengers.${index}.${field}`;
    const dob = p.date_of_birth;
    if (dob !== undefined && !isCalendarDate(dob))
      fields[at('date_of_birth')] = 'Use a real date like 1990-05-01.';
    else if (dob !== undefined && dob > trip.firstFlightDate && p.type !== 'infant') {
      fields[at('date_of_birth')] = 'The date of birth cannot be after the flight.';
    } else if (p.type === 'child') {
      if (!dob) fields[at('date_of_birth')] = 'Enter the child’s date of birth.';
      else {
        const age = ageOn(dob, trip.firstFlightDate);
        if (age < 2 || age >= 12)
          fields[at('date_of_birth')] = 'A child is 2 to 11 years old on the day of the flight.';
      }
    } else if (p.type === 'infant') {
      if (!dob) fields[at('date_of_birth')] = 'Enter the infant’s date of birth.';
      else if (ageOn(dob, trip.firstFlightDate) >= 2)
        fields[at('date_of_birth')] = 'An infant is under 2 years old on the day of the flight.';
      else if (daysBetween(dob, trip.firstFlightDate) < INFANT_MIN_DAYS)
        fields[at('date_of_birth')] = 'An infant must be at least 7 days old on the day of the flight.';
    } else if (dob && ageOn(dob, trip.firstFlightDate) < 12) {
      fields[at('date_of_birth')] = 'An adult is 12 or older on the day of the flight: book as a child.';
    }
    if (trip.tier === 'npr' && !(NPR_FARE_NATIONALITIES as readonly string[]).includes(p.nationality)) {
      fields[at('nationality')] =
        'This fare is for Nepali and Indian nationals: search again with the passenger’s nationality.';
    }
    if (trip.international) {
      if (!p.passport_number)
        fields[at('passport_number')] = 'Enter the passport number for an international flight.';
      if (!p.passport_expiry) fields[at('passport_expiry')] = 'Enter the passport expiry date.';
      else if (!isCalendarDate(p.passport_expiry))
        fields[at('passport_expiry')] = 'Use a real date like 2030-05-01.';
      else if (p.passport_expiry < addMonths(trip.lastFlightDate, PASSPORT_VALID_MONTHS)) {
        fields[at('passport_expiry')] =
          `The passport must be valid for ${PASSPORT_VALID_MONTHS} months after the last flight.`;
      }
    }
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}
