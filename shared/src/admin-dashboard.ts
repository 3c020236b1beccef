import { z } from 'zod';

/** How far ahead the dashboard looks for holds about to lapse (docs/admin.md#dashboard). */
export const DASHBOARD_LAPSE_WINDOW_MINUTES = 60;
/** The most rows each dashboard list answers; its `count` says how many there are in all. */
export const DASHBOARD_LIST_LIMIT = 20;

const money = z.object({
  currency: z.string(),
  /** Minor units (paisa for NPR). */
  amount: z.number().int(),
});

/** `GET /admin/dashboard`: the console's landing page, one brand's counter at a glance. */
export const adminDashboard = z.object({
  /** Today in Nepal (Asia/Kathmandu), YYYY-MM-DD: the day the `today` figures cover. */
  date: z.string(),
  today: z.object({
    /** Bookings made today (Nepal day) and now paid or ticketed, per currency: the sales report's day row. */
    sales: z.array(money.extend({ bookings: z.number().int() })),
    /** Tickets issued today (each ticket number once, reissues included). */
    tickets: z.number().int(),
    /** Refunds started today (cancellations, voids, disruptions, payments given back), per currency. */
    refunds: z.array(money.extend({ refunds: z.number().int() })),
  }),
  /** Held bookings whose hold lapses within DASHBOARD_LAPSE_WINDOW_MINUTES, soonest first. */
  lapsingHolds: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        pnr: z.string(),
        expiresAt: z.string().describe('ISO 8601'),
        contactName: z.string(),
        total: z.number().int(),
        currency: z.string(),
      }),
    ),
  }),
  /** Gateway payments to pay back by hand (the refunds queue, `GET /admin/refunds`). */
  handRefunds: z.object({
    count: z.number().int(),
    totals: z.array(money),
    oldestAt: z.string().nullable(),
  }),
  /** Agents whose wallet is below the low mark (WALLET_LOW_BALANCE_MINOR), lowest first. */
  lowWallets: z.object({
    /** The low mark, minor units of NPR. */
    lowMark: z.number().int(),
    count: z.number().int(),
    items: z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        balance: z.number().int(),
        currency: z.string(),
      }),
    ),
  }),
  /** Disrupted flights with bookings still held, paid or ticketed whose travellers have not answered. */
  disruptedFlights: z.object({
    /** Bookings to rebook, accept or refund, over every flight. */
    bookings: z.number().int(),
    items: z.array(
      z.object({
        flightId: z.string(),
        change: z.string(),
        reason: z.string(),
        /** Bookings on the flight still to resolve. */
        bookings: z.number().int(),
        /** One of them, to open. */
        firstPnr: z.string(),
      }),
    ),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;
