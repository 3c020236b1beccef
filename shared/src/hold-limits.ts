import { z } from 'zod';

/**
 * Limits on seats held without payment (spec §16.4): one account holds at most this many
 * unpaid bookings at once and this many unpaid seats on one flight; accounts younger than
 * `NEW_ACCOUNT_HOURS` may start at most `newAccountHoldsPerAddress` holds from one IP address per
 * rate-limit window. A brand may tighten each limit, never loosen it.
 */
export const HOLD_LIMITS = {
  unpaidBookings: 3,
  unpaidSeatsPerFlight: 9,
  newAccountHoldsPerAddress: 5,
} as const;

export const NEW_ACCOUNT_HOURS = 24;

export type HoldLimits = { [K in keyof typeof HOLD_LIMITS]: number };

const limitField = z
  .number({ message: 'Enter a whole number, 1 or more.' })
  .int('Enter a whole number, 1 or more.')
  .min(1, 'Enter a whole number, 1 or more.')
  .max(1_000_000, 'Enter a whole number, 1 or more.');

/** The brand's own limits; each may be lower than the platform's (checked by the server), never higher. */
export const holdLimitsRequest = z.object({
  unpaidBookings: limitField,
  unpaidSeatsPerFlight: limitField,
  newAccountHoldsPerAddress: limitField,
});
export type HoldLimitsRequest = z.input<typeof holdLimitsRequest>;

/** The limits in force for the brand, and the platform's, which a brand cannot exceed. */
export const holdLimitsResponse = z.object({
  limits: holdLimitsRequest,
  platform: holdLimitsRequest,
});
export type HoldLimitsResponse = z.infer<typeof holdLimitsResponse>;
