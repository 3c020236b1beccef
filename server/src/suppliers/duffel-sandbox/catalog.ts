/**
 * What the Duffel stand-in sells: airports with their zones, airlines, and itineraries from
 * Kathmandu to the routes Nepali travellers fly most (docs/suppliers.md). Carriers per route follow
 * /work/shared/docs/domain-nepal.md ("International from KTM"); LHR, SYD and ICN are connections.
 * Flight numbers, times and fares are plausible stand-in data, not a timetable.
 */

export interface SandboxAirport {
  iata: string;
  icao: string;
  name: string;
  city: string;
  country: string;
  timeZone: string;
  latitude: number;
  longitude: number;
}

export const SANDBOX_AIRPORTS: Record<string, SandboxAirport> = {
  KTM: airport(
    'KTM',
    'VNKT',
    'Tribhuvan International Airport',
    'Kathmandu',
    'NP',
    'Asia/Kathmandu',
    27.6966,
    85.3591,
  ),
  DOH: airport('DOH', 'OTHH', 'Hamad International Airport', 'Doha', 'QA', 'Asia/Qatar', 25.2731, 51.6081),
  DXB: airport('DXB', 'OMDB', 'Dubai International Airport', 'Dubai', 'AE', 'Asia/Dubai', 25.2528, 55.3644),
  KUL: airport(
    'KUL',
    'WMKK',
    'Kuala Lumpur International Airport',
    'Kuala Lumpur',
    'MY',
    'Asia/Kuala_Lumpur',
    2.7456,
    101.7099,
  ),
  ICN: airport(
    'ICN',
    'RKSI',
    'Incheon International Airport',
    'Seoul',
    'KR',
    'Asia/Seoul',
    37.4602,
    126.4407,
  ),
  DEL: airport(
    'DEL',
    'VIDP',
    'Indira Gandhi International Airport',
    'Delhi',
    'IN',
    'Asia/Kolkata',
    28.5562,
    77.1,
  ),
  BKK: airport('BKK', 'VTBS', 'Suvarnabhumi Airport', 'Bangkok', 'TH', 'Asia/Bangkok', 13.69, 100.7501),
  SYD: airport(
    'SYD',
    'YSSY',
    'Sydney Kingsford Smith Airport',
    'Sydney',
    'AU',
    'Australia/Sydney',
    -33.9399,
    151.1753,
  ),
  LHR: airport('LHR', 'EGLL', 'Heathrow Airport', 'London', 'GB', 'Europe/London', 51.47, -0.4543),
};

function airport(
  iata: string,
  icao: string,
  name: string,
  city: string,
  country: string,
  timeZone: string,
  latitude: number,
  longitude: number,
): SandboxAirport {
  return { iata, icao, name, city, country, timeZone, latitude, longitude };
}

export interface SandboxAirline {
  iata: string;
  name: string;
  /** The airline's 3-digit accounting code: the first digits of its ticket numbers. */
  ticketPrefix: string;
  /** Whether its offers may be held and paid later (Duffel's `requires_instant_payment: false`). */
  holdAllowed: boolean;
  /** Whether its offers ask for passport details (`passenger_identity_documents_required`). */
  identityDocumentsRequired: boolean;
}

export const SANDBOX_AIRLINES: Record<string, SandboxAirline> = {
  QR: {
    iata: 'QR',
    name: 'Qatar Airways',
    ticketPrefix: '157',
    holdAllowed: true,
    identityDocumentsRequired: true,
  },
  FZ: {
    iata: 'FZ',
    name: 'flydubai',
    ticketPrefix: '141',
    holdAllowed: false,
    identityDocumentsRequired: true,
  },
  MH: {
    iata: 'MH',
    name: 'Malaysia Airlines',
    ticketPrefix: '232',
    holdAllowed: true,
    identityDocumentsRequired: true,
  },
  '6E': {
    iata: '6E',
    name: 'IndiGo',
    ticketPrefix: '312',
    holdAllowed: false,
    identityDocumentsRequired: false,
  },
  AI: {
    iata: 'AI',
    name: 'Air India',
    ticketPrefix: '098',
    holdAllowed: true,
    identityDocumentsRequired: false,
  },
  FD: {
    iata: 'FD',
    name: 'Thai AirAsia',
    ticketPrefix: '900',
    holdAllowed: false,
    identityDocumentsRequired: true,
  },
  RA: {
    iata: 'RA',
    name: 'Nepal Airlines',
    ticketPrefix: '285',
    holdAllowed: true,
    identityDocumentsRequired: true,
  },
};

export interface SandboxFlight {
  airline: string;
  flightNumber: string;
  origin: string;
  destination: string;
  /** Local departure time at the origin, HH:MM. */
  departs: string;
  durationMinutes: number;
  aircraft: { iata: string; name: string };
}

export interface SandboxItinerary {
  flights: SandboxFlight[];
  /** Minutes on the ground between flights (one entry per connection). */
  layoverMinutes: number[];
  /** Adult base fare and taxes in `currency`, decimal strings as Duffel writes them. */
  adultBase: number;
  adultTax: number;
  currency: string;
}

const A320 = { iata: '320', name: 'Airbus A320' };
const A321 = { iata: '321', name: 'Airbus A321' };
const A330 = { iata: '333', name: 'Airbus A330-300' };
const A350 = { iata: '359', name: 'Airbus A350-900' };
const B737 = { iata: '7M8', name: 'Boeing 737 MAX 8' };
const B787 = { iata: '788', name: 'Boeing 787-8' };
const B777 = { iata: '77W', name: 'Boeing 777-300ER' };

const flight = (
  airline: string,
  flightNumber: string,
  origin: string,
  destination: string,
  departs: string,
  durationMinutes: number,
  aircraft: { iata: string; name: string },
): SandboxFlight => ({ airline, flightNumber, origin, destination, departs, durationMinutes, aircraft });

const QR647 = flight('QR', '647', 'KTM', 'DOH', '09:55', 275, B787);
const QR651 = flight('QR', '651', 'KTM', 'DOH', '20:20', 275, A320);
const MH115 = flight('MH', '115', 'KTM', 'KUL', '23:35', 290, A330);
const FZ576 = flight('FZ', '576', 'KTM', 'DXB', '10:55', 270, B737);

/** Itineraries per destination from KTM. */
export const SANDBOX_ITINERARIES: Record<string, SandboxItinerary[]> = {
  DOH: [
    { flights: [QR647], layoverMinutes: [], adultBase: 238, adultTax: 61.4, currency: 'USD' },
    { flights: [QR651], layoverMinutes: [], adultBase: 221, adultTax: 61.4, currency: 'USD' },
    {
      flights: [flight('RA', '231', 'KTM', 'DOH', '08:00', 285, A330)],
      layoverMinutes: [],
      adultBase: 205,
      adultTax: 58.9,
      currency: 'USD',
    },
  ],
  DXB: [
    { flights: [FZ576], layoverMinutes: [], adultBase: 189, adultTax: 52.3, currency: 'USD' },
    {
      flights: [flight('RA', '229', 'KTM', 'DXB', '21:30', 265, A330)],
      layoverMinutes: [],
      adultBase: 176,
      adultTax: 50.1,
      currency: 'USD',
    },
  ],
  KUL: [
    { flights: [MH115], layoverMinutes: [], adultBase: 214, adultTax: 48.7, currency: 'USD' },
    {
      flights: [flight('RA', '415', 'KTM', 'KUL', '11:00', 295, A330)],
      layoverMinutes: [],
      adultBase: 198,
      adultTax: 46.2,
      currency: 'USD',
    },
  ],
  DEL: [
    {
      flights: [flight('6E', '1152', 'KTM', 'DEL', '13:00', 105, A321)],
      layoverMinutes: [],
      adultBase: 96,
      adultTax: 24.5,
      currency: 'USD',
    },
    {
      flights: [flight('AI', '216', 'KTM', 'DEL', '11:35', 100, A320)],
      layoverMinutes: [],
      adultBase: 104,
      adultTax: 24.5,
      currency: 'USD',
    },
  ],
  BKK: [
    {
      flights: [flight('FD', '161', 'KTM', 'BKK', '13:50', 205, A320)],
      layoverMinutes: [],
      adultBase: 142,
      adultTax: 33.8,
      currency: 'USD',
    },
    {
      flights: [flight('RA', '401', 'KTM', 'BKK', '13:25', 200, A320)],
      layoverMinutes: [],
      adultBase: 158,
      adultTax: 35.2,
      currency: 'USD',
    },
  ],
  LHR: [
    {
      flights: [QR647, flight('QR', '3', 'DOH', 'LHR', '15:30', 430, B777)],
      layoverMinutes: [165],
      adultBase: 412,
      adultTax: 186.35,
      currency: 'GBP',
    },
    {
      flights: [QR651, flight('QR', '11', 'DOH', 'LHR', '01:55', 435, A350)],
      layoverMinutes: [200],
      adultBase: 389,
      adultTax: 186.35,
      currency: 'GBP',
    },
  ],
  ICN: [
    {
      flights: [MH115, flight('MH', '66', 'KUL', 'ICN', '11:25', 395, A330)],
      layoverMinutes: [305],
      adultBase: 356,
      adultTax: 92.6,
      currency: 'USD',
    },
  ],
  SYD: [
    {
      flights: [MH115, flight('MH', '141', 'KUL', 'SYD', '09:40', 505, A330)],
      layoverMinutes: [185],
      adultBase: 498,
      adultTax: 141.9,
      currency: 'USD',
    },
    {
      flights: [QR647, flight('QR', '908', 'DOH', 'SYD', '20:15', 840, A350)],
      layoverMinutes: [450],
      adultBase: 612,
      adultTax: 171.3,
      currency: 'USD',
    },
  ],
};

/** The fare brands every itinerary is sold in: price factor and conditions (penalties per passenger). */
export const SANDBOX_FARE_BRANDS = [
  { name: 'Economy Saver', factor: 1, refundPenalty: null, changePenalty: 100 },
  { name: 'Economy Classic', factor: 1.3, refundPenalty: 150, changePenalty: 50 },
] as const;
