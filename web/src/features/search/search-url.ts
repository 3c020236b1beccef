import type { FlightParams, SearchSegment, TripType } from '../../stores/app-store';

/**
 * A search lives in the URL so it can be shared and reloaded:
 * /flight-search?trip=oneway&from=KTM&to=PKR&date=2026-11-22&adults=1&nat=NP
 * Multi-city legs: &legs=KTM.PKR.2026-11-22~PKR.JMO.2026-11-24
 */
export interface SearchQuery {
  trip: TripType;
  from: string;
  to: string;
  date: string;
  ret: string;
  adults: number;
  children: number;
  infants: number;
  cabin: string;
  nat: string;
  legs: { from: string; to: string; date: string }[];
}

/**
 * A search link is read as it was written: a count, an airport code or a date that breaks the
 * form's rules is kept so `validateSearch` shows the form's message, never silently changed
 * (docs/web.md#the-search-form-and-search-links). Only a missing count takes the seed's default (§3: 1 adult,
 * 0 children, 0 infants).
 */
const count = (value: string | null, fallback: number) => {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : Number.NaN;
};
/** Upper case, at most a few characters: enough to show what the link asked for. */
const code = (value: string | null) => (value ?? '').trim().toUpperCase().slice(0, 8);
const date = (value: string | null) => (/^\d{4}-\d{2}-\d{2}$/.test(value ?? '') ? (value as string) : '');

export function readSearchQuery(params: URLSearchParams): SearchQuery {
  const trip = params.get('trip');
  return {
    trip: trip === 'roundtrip' || trip === 'multicity' ? trip : 'oneway',
    from: code(params.get('from')),
    to: code(params.get('to')),
    date: date(params.get('date')),
    ret: date(params.get('ret')),
    adults: count(params.get('adults'), 1),
    children: count(params.get('children'), 0),
    infants: count(params.get('infants'), 0),
    cabin: ['economy', 'business'].includes(params.get('cabin') ?? '') ? (params.get('cabin') as string) : '',
    nat:
      (params.get('nat') ?? 'NP')
        .toUpperCase()
        .replace(/[^A-Z]/g, '')
        .slice(0, 2) || 'NP',
    legs: (params.get('legs') ?? '')
      .split('~')
      .filter(Boolean)
      .slice(0, 5)
      .map((leg) => {
        const [from, to, legDate] = leg.split('.');
        return { from: code(from ?? ''), to: code(to ?? ''), date: date(legDate ?? '') };
      }),
  };
}

export function writeSearchQuery(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams({ trip: query.trip });
  if (query.trip === 'multicity') {
    params.set('legs', query.legs.map((leg) => `${leg.from}.${leg.to}.${leg.date}`).join('~'));
  } else {
    params.set('from', query.from);
    params.set('to', query.to);
    params.set('date', query.date);
    if (query.trip === 'roundtrip') params.set('ret', query.ret);
  }
  params.set('adults', String(query.adults));
  if (query.children) params.set('children', String(query.children));
  if (query.infants) params.set('infants', String(query.infants));
  if (query.cabin) params.set('cabin', query.cabin);
  params.set('nat', query.nat);
  return params;
}

/** The seed's search params (§3) for the store and the API. */
export function toFlightParams(query: SearchQuery, userType: string): FlightParams {
  const segments: SearchSegment[] = query.legs.map((leg) => ({
    depart_city: leg.from,
    dest_city: leg.to,
    depart_date: leg.date,
  }));
  return {
    user_type: userType,
    trip_type: query.trip,
    depart_city: query.from,
    depart_code: query.from,
    dest_city: query.to,
    dest_code: query.to,
    depart_date: query.date,
    return_date: query.trip === 'roundtrip' ? query.ret : '',
    nationality_name: '',
    nationality_code: query.nat,
    adults: query.adults,
    children: query.children,
    infants: query.infants,
    flight_class: query.cabin,
    segments: segments.length
      ? segments
      : [
          { depart_city: '', dest_city: '', depart_date: '' },
          { depart_city: '', dest_city: '', depart_date: '' },
        ],
  };
}

/** The flights a search asks for, one per leg, known from the URL before any answer arrives. */
export function plannedLegs(query: SearchQuery): SearchQuery['legs'] {
  if (query.trip === 'multicity') return query.legs;
  const outbound = { from: query.from, to: query.to, date: query.date };
  return query.trip === 'roundtrip'
    ? [outbound, { from: query.to, to: query.from, date: query.ret }]
    : [outbound];
}
