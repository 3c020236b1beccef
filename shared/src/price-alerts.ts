import { z } from 'zod';
import { airportCode } from './airports';
import { currency } from './flights';

/** Most price alerts one user keeps at once. */
export const MAX_PRICE_ALERTS_PER_USER = 20;
/** Longest date range one alert watches, in days. */
export const MAX_PRICE_ALERT_DAYS = 31;

const airportCodeField = airportCode('Use a three-letter airport code, such as KTM.', 'Choose an airport.');
const isoDate = z
  .string({ message: 'Choose a date.' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-05-01.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Use a date like 2026-05-01.');

/**
 * Watch a route over a range of departure dates (docs/accounts.md#price-alerts): when its lowest one-adult
 * fare drops below the one the traveller saw, they get an e-mail (at most once a day) with a link to the
 * results.
 */
export const createPriceAlertRequest = z.object({
  origin: airportCodeField,
  destination: airportCodeField,
  from_date: isoDate,
  to_date: isoDate,
  nationality_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a nationality from the list.')
    .optional()
    .default('NP'),
  /** The lowest fare the traveller saw (minor units, one adult): they hear of any lower one. */
  seen_total: z
    .number({ message: 'Give the fare you saw, in paisa or cents.' })
    .int('Give the fare you saw in paisa or cents (a whole number).')
    .positive('Give the fare you saw.'),
  currency,
  /** Also an SMS to the mobile on the account (400 naming `sms` when it has none). Default: e-mail only. */
  sms: z.boolean({ message: 'Choose yes or no.' }).optional(),
  /** The language of the alert's SMS: the one the user sets it in. Default English. */
  language: z.enum(['en', 'ne'], { message: 'Choose English (en) or Nepali (ne).' }).optional(),
});
export type CreatePriceAlertRequest = z.infer<typeof createPriceAlertRequest>;

export const priceAlert = z.object({
  id: z.string(),
  origin: z.string(),
  destination: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  nationality_code: z.string(),
  seen_total: z.number().int(),
  currency,
  /** The lowest fare at the last check (null before the first). */
  lowest_total: z.number().int().nullable(),
  last_checked_at: z.string().nullable().describe('ISO 8601'),
  last_alerted_at: z.string().nullable().describe('ISO 8601'),
  /** An SMS goes besides the e-mail. */
  sms: z.boolean(),
  /** The language of the alert's SMS. */
  language: z.enum(['en', 'ne']),
  created_at: z.string().describe('ISO 8601'),
});
export type PriceAlert = z.infer<typeof priceAlert>;
