import { z } from 'zod';
import { errorCodes } from './errors';

/** Every JSON response of the API is `{ success, data }` (spec §7). */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  /** Loose: some errors carry documented details beside these (PRICE_CHANGED: offer_id, old_price, new_price). */
  data: z.looseObject({
    /** A message a person can read. */
    error: z.string(),
    /** A stable id from the error table. */
    code: z.enum(errorCodes as [string, ...string[]]),
    /** For validation errors: field path → what is wrong with it. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
export type SuccessEnvelope<T> = { success: true; data: T };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
