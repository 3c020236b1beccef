import type { SearchFlight } from '#shared/flights';

/**
 * A connection of six hours or more is a long layover (docs/web.md#messages-toasts-money-and-connections):
 * past what a traveller waits inside an airport without planning for it, and the point from which many
 * airlines' transit rules (and the traveller) start to think of a hotel.
 */
export const LONG_LAYOVER_MINUTES = 6 * 60;

export interface Layover {
  /** The connecting airport. */
  airport: string;
  minutes: number;
  /** Six hours or more. */
  long: boolean;
  /** The next flight leaves on a later day than the traveller arrived, at the connecting airport's clock. */
  overnight: boolean;
}

type Segment = Pick<SearchFlight['segments'][number], 'dest_code' | 'arrive_at' | 'depart_at'>;

/** The waits between the flights of a connection; times carry their airport's offset. */
export function layoversOf(segments: readonly Segment[]): Layover[] {
  return segments.slice(0, -1).flatMap((arriving, index) => {
    const leaving = segments[index + 1];
    if (!leaving) return [];
    const minutes = Math.round((Date.parse(leaving.depart_at) - Date.parse(arriving.arrive_at)) / 60_000);
    return [
      {
        airport: arriving.dest_code,
        minutes,
        long: minutes >= LONG_LAYOVER_MINUTES,
        // Both times are local to the connecting airport, so their dates are that airport's days.
        overnight: leaving.depart_at.slice(0, 10) > arriving.arrive_at.slice(0, 10),
      },
    ];
  });
}
