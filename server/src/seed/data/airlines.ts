/**
 * Airlines by IATA designator: Nepal's domestic carriers of `domain-nepal.md` that have a
 * designator there, and the carriers flying from Kathmandu and onward from the hubs.
 */
export const airlineRecords = [
  { code: 'U4', icao: 'BHA', name: 'Buddha Air', countryCode: 'NP', domestic: true },
  { code: 'YT', icao: 'NYT', name: 'Yeti Airlines', countryCode: 'NP', domestic: true },
  { code: 'N9', icao: null, name: 'Shree Airlines', countryCode: 'NP', domestic: true },
  { code: 'RA', icao: 'RNA', name: 'Nepal Airlines', countryCode: 'NP', domestic: true },
  { code: 'S1', icao: null, name: 'Saurya Airlines', countryCode: 'NP', domestic: true },
  { code: 'H9', icao: 'HIM', name: 'Himalaya Airlines', countryCode: 'NP', domestic: false },
  { code: 'QR', icao: 'QTR', name: 'Qatar Airways', countryCode: 'QA', domestic: false },
  { code: '6E', icao: 'IGO', name: 'IndiGo', countryCode: 'IN', domestic: false },
  { code: 'AI', icao: 'AIC', name: 'Air India', countryCode: 'IN', domestic: false },
  { code: 'FZ', icao: 'FDB', name: 'flydubai', countryCode: 'AE', domestic: false },
  { code: 'EK', icao: 'UAE', name: 'Emirates', countryCode: 'AE', domestic: false },
  { code: 'J9', icao: 'JZR', name: 'Jazeera Airways', countryCode: 'KW', domestic: false },
  { code: 'MH', icao: 'MAS', name: 'Malaysia Airlines', countryCode: 'MY', domestic: false },
  { code: 'OD', icao: 'MXD', name: 'Batik Air Malaysia', countryCode: 'MY', domestic: false },
  { code: 'FD', icao: 'AIQ', name: 'Thai AirAsia', countryCode: 'TH', domestic: false },
  { code: 'TG', icao: 'THA', name: 'Thai Airways', countryCode: 'TH', domestic: false },
  { code: '3U', icao: 'CSC', name: 'Sichuan Airlines', countryCode: 'CN', domestic: false },
  { code: 'CA', icao: 'CCA', name: 'Air China', countryCode: 'CN', domestic: false },
  { code: 'TK', icao: 'THY', name: 'Turkish Airlines', countryCode: 'TR', domestic: false },
] as const;
