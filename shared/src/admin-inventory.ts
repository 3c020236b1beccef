import { z } from 'zod';
import { airportCode } from './airports';

/** The admin's inventory controls (docs/admin.md, "Inventory"): loads per class, open/close, fare overrides. */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD.')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'Not a real date.',
  );
const airportCodeField = airportCode('Use a three-letter airport code.');
/** As offers show it: airline designator, a space, the number (`U4 601`). */
const flightNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2} \d{1,4}[A-Z]?$/, 'Use the form “U4 601”.');
const classCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]$/, 'Use a one-letter booking class.');
/** Longest date range one control covers, in days. */
export const MAX_CONTROL_DAYS = 366;

/** One flight (a scheduled leg) on one local departure date. */
export const flightLoadQuery = z.object({
  flight_number: flightNumber,
  depart_code: airportCodeField,
  dest_code: airportCodeField,
  date: isoDate,
});
export type FlightLoadQuery = z.input<typeof flightLoadQuery>;

export const classLoad = z.object({
  class_code: z.string(),
  family: z.string(),
  /** 1 is the cheapest. */
  rank: z.number().int(),
  /** false when an admin closed it on this date. */
  open: z.boolean(),
  /** The class closes this many days before departure (0: never). */
  advance_purchase_days: z.number().int(),
  capacity: z.number().int(),
  /** Seats the demand model has sold through the airline's other channels by today. */
  sold_elsewhere: z.number().int(),
  /** Seats ticketed and held in Tikat. */
  sold: z.number().int(),
  held: z.number().int(),
  seats_left: z.number().int(),
  /** Base fares in force on this date, in paisa and cents (after any override). */
  base_npr: z.number().int(),
  base_usd: z.number().int(),
  fare_overridden: z.boolean(),
});
export type ClassLoad = z.infer<typeof classLoad>;

export const flightLoad = z.object({
  flight_number: z.string(),
  depart_code: z.string(),
  dest_code: z.string(),
  date: z.string(),
  depart_at: z.string(),
  aircraft: z.string(),
  /** Seats taken (elsewhere, sold and held) over all seats, 0–1. */
  load_factor: z.number(),
  classes: z.array(classLoad),
});
export type FlightLoad = z.infer<typeof flightLoad>;

export const INVENTORY_ACTIONS = ['open', 'close', 'set_fare'] as const;

/** Opens or closes a class, or overrides its base fare, on a flight over local dates `from_date`–`to_date`. */
export const inventoryControlRequest = z
  .object({
    flight_number: flightNumber,
    depart_code: airportCodeField,
    dest_code: airportCodeField,
    class_code: classCode,
    from_date: isoDate,
    to_date: isoDate,
    action: z.enum(INVENTORY_ACTIONS, { message: 'Choose open, close or set_fare.' }),
    /** With `set_fare`: the new base fares in paisa (NPR) and cents (USD); at least one. */
    base_npr: z.number().int('Enter whole paisa.').min(1).max(100_000_000).optional(),
    base_usd: z.number().int('Enter whole cents.').min(1).max(1_000_000).optional(),
  })
  .superRefine((request, ctx) => {
    const days = (Date.parse(request.to_date) - Date.parse(request.from_date)) / 86_400_000;
    if (days < 0)
      ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'End on or after the start date.' });
    else if (days >= MAX_CONTROL_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'Choose at most 366 days.' });
    if (request.action === 'set_fare' && request.base_npr === undefined && request.base_usd === undefined)
      ctx.addIssue({ code: 'custom', path: ['base_npr'], message: 'Enter the new fare.' });
  });
export type InventoryControlRequest = z.input<typeof inventoryControlRequest>;

export const inventoryControl = z.object({
  id: z.number().int(),
  flight_number: z.string(),
  depart_code: z.string(),
  dest_code: z.string(),
  class_code: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  closed: z.boolean().nullable(),
  base_npr: z.number().int().nullable(),
  base_usd: z.number().int().nullable(),
  created_at: z.string(),
});
export type InventoryControl = z.infer<typeof inventoryControl>;
