/**
 * The demo year's network: who flies where, how long, when and on what, with the facts of
 * `shared/docs/domain-nepal.md`. Figures the doc does not give are marked "estimate": plausible
 * defaults an agency can change (they are data, loaded into the schedules and fares tables).
 */

/**
 * Airlines the doc names without an IATA designator. The designators below are a choice made for
 * the demo data (placeholders, not IATA assignments): change them here if the real ones are needed.
 */
export const demoOnlyAirlines = [
  { code: '9T', icao: 'TRA', name: 'Tara Air', countryCode: 'NP', domestic: true },
  { code: '2S', icao: 'SMA', name: 'Summit Air', countryCode: 'NP', domestic: true },
  { code: '5S', icao: null, name: 'Sita Air', countryCode: 'NP', domestic: true },
] as const;

/** Seats per class of each aircraft type (estimate: typical configurations). */
export const AIRCRAFT_SEATS: Record<string, Record<string, number>> = {
  // Domestic: Y flex, A apex, B and O saver steps (closed to foreigners; O is the 7-day
  // advance-purchase step, B the 3-day one).
  AT7: { Y: 20, A: 30, B: 12, O: 8 }, // ATR 72-500, 70 seats
  AT4: { Y: 14, A: 18, B: 8, O: 6 }, // ATR 42, 46 seats
  CR2: { Y: 16, A: 20, B: 8, O: 6 }, // CRJ200, 50 seats
  DH4: { Y: 24, A: 30, B: 14, O: 10 }, // Dash 8-400, 78 seats
  DHT: { Y: 7, A: 7, B: 3, O: 2 }, // DHC-6 Twin Otter, 19 seats
  D28: { Y: 7, A: 7, B: 3, O: 2 }, // Dornier 228, 19 seats
  L4T: { Y: 6, A: 7, B: 2, O: 2 }, // Let L-410, 17 seats
  // International: J business, Y flex, M standard, L saver.
  '320': { J: 8, Y: 30, M: 60, L: 60 },
  '321': { J: 12, Y: 40, M: 70, L: 60 },
  '737': { J: 12, Y: 30, M: 60, L: 60 },
  '789': { J: 30, Y: 60, M: 80, L: 80 },
  '77W': { J: 42, Y: 80, M: 120, L: 110 },
  '388': { J: 76, Y: 120, M: 180, L: 140 },
};

export interface RouteSpec {
  airline: string;
  /** First flight number; the return flights take the next numbers. */
  number: number;
  from: string;
  to: string;
  /** Block time, minutes. */
  block: number;
  /** Local departure times from `from`; each returns from `to` after a turnaround. */
  departures: string[];
  aircraft: string;
  /** ISO weekdays of operation; daily when absent. */
  days?: string;
}

const daily = undefined;

/** Domestic routes and frequencies (block times from the doc; "estimate" marks the rest). */
export const domesticRoutes: RouteSpec[] = [
  // Buddha Air: market leader, ATR 72-500 and ATR 42.
  {
    airline: 'U4',
    number: 601,
    from: 'KTM',
    to: 'PKR',
    block: 25,
    departures: ['07:00', '08:30', '10:00', '12:00', '14:30', '16:30'],
    aircraft: 'AT7',
  },
  {
    airline: 'U4',
    number: 621,
    from: 'KTM',
    to: 'BWA',
    block: 35,
    departures: ['07:30', '11:30', '15:30'],
    aircraft: 'AT7',
  },
  {
    airline: 'U4',
    number: 641,
    from: 'KTM',
    to: 'BIR',
    block: 40,
    departures: ['06:45', '09:45', '13:15', '16:45'],
    aircraft: 'AT7',
  },
  {
    airline: 'U4',
    number: 661,
    from: 'KTM',
    to: 'BHR',
    block: 25,
    departures: ['08:15', '15:00'],
    aircraft: 'AT4',
  },
  {
    airline: 'U4',
    number: 671,
    from: 'KTM',
    to: 'KEP',
    block: 50,
    departures: ['08:00', '14:00'],
    aircraft: 'AT7',
  },
  {
    airline: 'U4',
    number: 681,
    from: 'KTM',
    to: 'BDP',
    block: 45,
    departures: ['09:00', '15:15'],
    aircraft: 'AT7',
  },
  { airline: 'U4', number: 691, from: 'KTM', to: 'JKR', block: 25, departures: ['11:00'], aircraft: 'AT4' },
  { airline: 'U4', number: 701, from: 'KTM', to: 'DHI', block: 75, departures: ['10:30'], aircraft: 'AT7' },
  {
    airline: 'U4',
    number: 711,
    from: 'KTM',
    to: 'TMI',
    block: 35,
    departures: ['12:30'],
    aircraft: 'AT4',
    days: '1357',
  },
  { airline: 'U4', number: 721, from: 'KTM', to: 'SIF', block: 20, departures: ['13:30'], aircraft: 'AT4' }, // block: estimate
  {
    airline: 'U4',
    number: 731,
    from: 'KTM',
    to: 'RJB',
    block: 35,
    departures: ['12:45'],
    aircraft: 'AT4',
    days: '246',
  }, // block: estimate
  {
    airline: 'U4',
    number: 741,
    from: 'PKR',
    to: 'BHR',
    block: 20,
    departures: ['11:15'],
    aircraft: 'AT4',
    days: '135',
  },
  // Yeti Airlines: ATR 72-500.
  {
    airline: 'YT',
    number: 671,
    from: 'KTM',
    to: 'PKR',
    block: 25,
    departures: ['07:30', '09:30', '13:00', '17:00'],
    aircraft: 'AT7',
  },
  {
    airline: 'YT',
    number: 681,
    from: 'KTM',
    to: 'BWA',
    block: 35,
    departures: ['08:45', '16:15'],
    aircraft: 'AT7',
  },
  {
    airline: 'YT',
    number: 691,
    from: 'KTM',
    to: 'BIR',
    block: 40,
    departures: ['07:15', '11:45', '16:00'],
    aircraft: 'AT7',
  },
  { airline: 'YT', number: 711, from: 'KTM', to: 'KEP', block: 50, departures: ['10:15'], aircraft: 'AT7' },
  { airline: 'YT', number: 721, from: 'KTM', to: 'DHI', block: 75, departures: ['13:45'], aircraft: 'AT7' },
  { airline: 'YT', number: 731, from: 'KTM', to: 'BDP', block: 45, departures: ['12:15'], aircraft: 'AT7' },
  {
    airline: 'YT',
    number: 741,
    from: 'KTM',
    to: 'JKR',
    block: 25,
    departures: ['14:15'],
    aircraft: 'AT7',
    days: '1357',
  },
  // Shree Airlines: CRJ200/700 and Dash 8-400.
  {
    airline: 'N9',
    number: 101,
    from: 'KTM',
    to: 'PKR',
    block: 25,
    departures: ['08:00', '11:15', '15:45'],
    aircraft: 'DH4',
  },
  {
    airline: 'N9',
    number: 121,
    from: 'KTM',
    to: 'BIR',
    block: 40,
    departures: ['08:30', '14:45'],
    aircraft: 'CR2',
  },
  {
    airline: 'N9',
    number: 141,
    from: 'KTM',
    to: 'BWA',
    block: 35,
    departures: ['10:45', '17:15'],
    aircraft: 'CR2',
  },
  { airline: 'N9', number: 161, from: 'KTM', to: 'KEP', block: 50, departures: ['12:30'], aircraft: 'CR2' },
  { airline: 'N9', number: 171, from: 'KTM', to: 'DHI', block: 75, departures: ['09:15'], aircraft: 'CR2' },
  {
    airline: 'N9',
    number: 181,
    from: 'KTM',
    to: 'BDP',
    block: 45,
    departures: ['16:00'],
    aircraft: 'CR2',
    days: '246',
  },
  // Saurya Airlines (operations suspended at times).
  { airline: 'S1', number: 201, from: 'KTM', to: 'BIR', block: 40, departures: ['10:30'], aircraft: 'CR2' },
  // Nepal Airlines domestic: Twin Otter to the far west (blocks: estimate).
  {
    airline: 'RA',
    number: 301,
    from: 'KTM',
    to: 'SKH',
    block: 60,
    departures: ['09:30'],
    aircraft: 'DHT',
    days: '1357',
  },
  {
    airline: 'RA',
    number: 311,
    from: 'KEP',
    to: 'JUM',
    block: 35,
    departures: ['07:00'],
    aircraft: 'DHT',
    days: '246',
  },
  {
    airline: 'RA',
    number: 321,
    from: 'KEP',
    to: 'IMK',
    block: 45,
    departures: ['07:30'],
    aircraft: 'DHT',
    days: '135',
  },
  {
    airline: 'RA',
    number: 331,
    from: 'KEP',
    to: 'DOP',
    block: 40,
    departures: ['08:00'],
    aircraft: 'DHT',
    days: '37',
  },
  // STOL: Lukla and Jomsom at dawn, small aircraft (Ramechhap–Lukla in peak seasons).
  {
    airline: '9T',
    number: 101,
    from: 'KTM',
    to: 'LUA',
    block: 30,
    departures: ['06:30', '07:15'],
    aircraft: 'DHT',
  },
  {
    airline: '9T',
    number: 201,
    from: 'RHP',
    to: 'LUA',
    block: 20,
    departures: ['06:15', '07:00'],
    aircraft: 'D28',
  }, // block: estimate
  {
    airline: '9T',
    number: 301,
    from: 'PKR',
    to: 'JMO',
    block: 20,
    departures: ['06:30', '07:15'],
    aircraft: 'DHT',
  },
  {
    airline: '9T',
    number: 401,
    from: 'KTM',
    to: 'PPL',
    block: 35,
    departures: ['08:00'],
    aircraft: 'DHT',
    days: '246',
  }, // block: estimate
  { airline: '2S', number: 501, from: 'KTM', to: 'LUA', block: 30, departures: ['06:45'], aircraft: 'L4T' },
  {
    airline: '2S',
    number: 511,
    from: 'RHP',
    to: 'LUA',
    block: 20,
    departures: ['06:30', '08:00'],
    aircraft: 'L4T',
  },
  { airline: '5S', number: 601, from: 'KTM', to: 'LUA', block: 30, departures: ['07:00'], aircraft: 'D28' },
  { airline: '5S', number: 611, from: 'RHP', to: 'LUA', block: 20, departures: ['06:45'], aircraft: 'D28' },
];

/** The Everest mountain flight: a ~1 h loop from Kathmandu at dawn (sector code MTN). */
export const mountainFlights: RouteSpec[] = [
  {
    airline: 'U4',
    number: 101,
    from: 'KTM',
    to: 'KTM',
    block: 60,
    departures: ['06:30', '07:30'],
    aircraft: 'AT7',
  },
  { airline: 'YT', number: 101, from: 'KTM', to: 'KTM', block: 60, departures: ['06:45'], aircraft: 'AT7' },
  { airline: 'N9', number: 11, from: 'KTM', to: 'KTM', block: 60, departures: ['06:30'], aircraft: 'DH4' },
];

/** International from Kathmandu (carriers from the doc; block times and frequencies: estimate). */
export const internationalRoutes: RouteSpec[] = [
  { airline: 'RA', number: 215, from: 'KTM', to: 'DEL', block: 105, departures: ['13:00'], aircraft: '320' },
  { airline: '6E', number: 1151, from: 'KTM', to: 'DEL', block: 105, departures: ['14:10'], aircraft: '321' },
  {
    airline: 'AI',
    number: 211,
    from: 'KTM',
    to: 'DEL',
    block: 105,
    departures: ['10:30', '19:15'],
    aircraft: '320',
  },
  {
    airline: 'QR',
    number: 647,
    from: 'KTM',
    to: 'DOH',
    block: 285,
    departures: ['01:05', '09:10', '14:40', '20:35'],
    aircraft: '789',
  },
  {
    airline: 'RA',
    number: 229,
    from: 'KTM',
    to: 'DOH',
    block: 285,
    departures: ['21:00'],
    aircraft: '320',
    days: '246',
  },
  { airline: 'H9', number: 531, from: 'KTM', to: 'DOH', block: 285, departures: ['11:30'], aircraft: '320' },
  {
    airline: 'FZ',
    number: 575,
    from: 'KTM',
    to: 'DXB',
    block: 255,
    departures: ['07:55', '22:05'],
    aircraft: '737',
  },
  { airline: 'RA', number: 233, from: 'KTM', to: 'DXB', block: 255, departures: ['10:00'], aircraft: '320' },
  { airline: 'J9', number: 581, from: 'KTM', to: 'KWI', block: 300, departures: ['12:20'], aircraft: '320' },
  {
    airline: 'H9',
    number: 541,
    from: 'KTM',
    to: 'KWI',
    block: 300,
    departures: ['18:00'],
    aircraft: '320',
    days: '1357',
  },
  { airline: 'MH', number: 115, from: 'KTM', to: 'KUL', block: 290, departures: ['13:30'], aircraft: '737' },
  { airline: 'OD', number: 171, from: 'KTM', to: 'KUL', block: 290, departures: ['22:30'], aircraft: '737' },
  {
    airline: 'RA',
    number: 415,
    from: 'KTM',
    to: 'KUL',
    block: 290,
    departures: ['23:00'],
    aircraft: '320',
    days: '1357',
  },
  {
    airline: 'H9',
    number: 561,
    from: 'KTM',
    to: 'KUL',
    block: 290,
    departures: ['09:30'],
    aircraft: '320',
    days: '246',
  },
  {
    airline: 'RA',
    number: 401,
    from: 'KTM',
    to: 'BKK',
    block: 195,
    departures: ['11:00'],
    aircraft: '320',
    days: '1357',
  },
  { airline: 'FD', number: 161, from: 'KTM', to: 'BKK', block: 195, departures: ['13:45'], aircraft: '320' },
  { airline: '3U', number: 8725, from: 'KTM', to: 'CTU', block: 165, departures: ['13:50'], aircraft: '321' },
  {
    airline: 'CA',
    number: 437,
    from: 'KTM',
    to: 'CTU',
    block: 165,
    departures: ['14:30'],
    aircraft: '320',
    days: '146',
  },
];

/** Onward flights from the hubs so LHR, SYD, DFW and LIS are one connection away (estimate). */
export const hubRoutes: RouteSpec[] = [
  {
    airline: 'QR',
    number: 3,
    from: 'DOH',
    to: 'LHR',
    block: 420,
    departures: ['02:10', '08:05', '15:00'],
    aircraft: '77W',
  },
  { airline: 'QR', number: 343, from: 'DOH', to: 'LIS', block: 450, departures: ['07:45'], aircraft: '789' },
  { airline: 'QR', number: 731, from: 'DOH', to: 'DFW', block: 960, departures: ['08:20'], aircraft: '77W' },
  { airline: 'QR', number: 909, from: 'DOH', to: 'SYD', block: 850, departures: ['20:10'], aircraft: '388' },
  {
    airline: 'EK',
    number: 1,
    from: 'DXB',
    to: 'LHR',
    block: 460,
    departures: ['02:30', '07:45', '14:30'],
    aircraft: '388',
  },
  { airline: 'EK', number: 413, from: 'DXB', to: 'SYD', block: 840, departures: ['10:15'], aircraft: '388' },
  { airline: 'EK', number: 221, from: 'DXB', to: 'DFW', block: 990, departures: ['08:55'], aircraft: '77W' },
  { airline: 'EK', number: 191, from: 'DXB', to: 'LIS', block: 480, departures: ['07:40'], aircraft: '77W' },
  { airline: 'MH', number: 141, from: 'KUL', to: 'SYD', block: 480, departures: ['23:45'], aircraft: '789' },
  { airline: 'MH', number: 2, from: 'KUL', to: 'LHR', block: 810, departures: ['23:30'], aircraft: '789' },
  { airline: 'TG', number: 910, from: 'BKK', to: 'LHR', block: 780, departures: ['00:40'], aircraft: '77W' },
  { airline: 'TG', number: 475, from: 'BKK', to: 'SYD', block: 540, departures: ['17:45'], aircraft: '789' },
  { airline: 'AI', number: 111, from: 'DEL', to: 'LHR', block: 570, departures: ['14:00'], aircraft: '789' },
];

/** Full-fare (Y) one-way base fares: NPR (the regulator's Oct 2025 caps) and USD (2022 examples). */
export const domesticYFares: Record<string, { npr: number; usd: number }> = {
  'KTM-PKR': { npr: 6_635, usd: 65 },
  'KTM-BWA': { npr: 8_461, usd: 65 },
  'KTM-BIR': { npr: 9_785, usd: 76 },
  'KTM-BDP': { npr: 12_112, usd: 94 },
  'KTM-JKR': { npr: 5_470, usd: 42 },
  'KTM-KEP': { npr: 13_103, usd: 102 },
  'KTM-DHI': { npr: 17_579, usd: 138 },
  'KTM-SIF': { npr: 3_978, usd: 30 },
  'KTM-BHR': { npr: 4_643, usd: 45 }, // usd: estimate
  'KTM-RJB': { npr: 8_210, usd: 70 }, // usd: estimate
  'KTM-SKH': { npr: 9_030, usd: 85 }, // usd: estimate
  'KTM-TMI': { npr: 7_630, usd: 72 }, // usd: estimate
  'KTM-LUA': { npr: 11_500, usd: 180 }, // npr: estimate
  'RHP-LUA': { npr: 8_500, usd: 150 }, // estimate
  'PKR-JMO': { npr: 7_500, usd: 125 }, // estimate
  'PKR-BHR': { npr: 4_200, usd: 45 }, // estimate
  'KTM-PPL': { npr: 9_500, usd: 140 }, // estimate
  'KEP-JUM': { npr: 7_800, usd: 95 }, // estimate
  'KEP-IMK': { npr: 9_300, usd: 110 }, // estimate
  'KEP-DOP': { npr: 8_800, usd: 105 }, // estimate
  'KTM-KTM': { npr: 10_700, usd: 205 }, // the mountain flight
};

/** Fuel surcharge per seat, NPR, where the doc gives it; others at NPR 40 a block minute (estimate). */
export const domesticFuelSurchargeNpr: Record<string, number> = { 'KTM-PKR': 1_000, 'KTM-DHI': 5_655 };
export const DOMESTIC_FUEL_NPR_PER_MINUTE = 40;

/** Airline price level against the Y fare (estimate: the smaller carriers undercut the leader). */
export const airlinePriceFactor: Record<string, number> = { U4: 1, YT: 0.98, N9: 0.95, S1: 0.9, RA: 0.97 };
