import generated from './world-airports.json' with { type: 'json' };

/** An airport of the generated data set (`npm run generate:airports`, scripts/generate-airports.ts). */
export interface WorldAirport {
  code: string;
  icao: string | null;
  name: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  latitude: number;
  longitude: number;
  /** IANA zone at the airport's coordinates. */
  timeZone: string;
  size: 'large' | 'medium' | 'small';
}

/** World airports with IATA codes, Nepal's domestic airports included, by code. */
export const worldAirports = generated.airports as WorldAirport[];
