/**
 * Nepal's domestic airports as `shared/docs/domain-nepal.md` lists them (IATA, ICAO, city,
 * coordinates). They override the world data set, which predates Pokhara International (PHH).
 */
export const nepalAirports = [
  { code: 'KTM', icao: 'VNKT', city: 'Kathmandu', name: 'Tribhuvan International Airport', latitude: 27.6966, longitude: 85.3591 },
  { code: 'PKR', icao: 'VNPK', city: 'Pokhara', name: 'Pokhara Airport', latitude: 28.2009, longitude: 83.9821 },
  { code: 'PHH', icao: 'VNPR', city: 'Pokhara', name: 'Pokhara International Airport', latitude: 28.1845, longitude: 84.0132 },
  { code: 'BWA', icao: 'VNBW', city: 'Bhairahawa', name: 'Gautam Buddha International Airport', latitude: 27.5057, longitude: 83.4163 },
  { code: 'BIR', icao: 'VNVT', city: 'Biratnagar', name: 'Biratnagar Airport', latitude: 26.4815, longitude: 87.264 },
  { code: 'BDP', icao: 'VNCG', city: 'Bhadrapur', name: 'Bhadrapur Airport', latitude: 26.5708, longitude: 88.0796 },
  { code: 'JKR', icao: 'VNJP', city: 'Janakpur', name: 'Janakpur Airport', latitude: 26.7088, longitude: 85.9224 },
  { code: 'KEP', icao: 'VNNG', city: 'Nepalgunj', name: 'Nepalgunj Airport', latitude: 28.1036, longitude: 81.667 },
  { code: 'DHI', icao: 'VNDH', city: 'Dhangadhi', name: 'Dhangadhi Airport', latitude: 28.7533, longitude: 80.5819 },
  { code: 'TMI', icao: 'VNTR', city: 'Tumlingtar', name: 'Tumlingtar Airport', latitude: 27.315, longitude: 87.1933 },
  { code: 'SKH', icao: 'VNSK', city: 'Surkhet', name: 'Surkhet Airport', latitude: 28.586, longitude: 81.636 },
  { code: 'LUA', icao: 'VNLK', city: 'Lukla', name: 'Tenzing-Hillary Airport', latitude: 27.6869, longitude: 86.7297 },
  { code: 'BHR', icao: 'VNBP', city: 'Bharatpur', name: 'Bharatpur Airport', latitude: 27.6781, longitude: 84.4294 },
  { code: 'JMO', icao: 'VNJS', city: 'Jomsom', name: 'Jomsom Airport', latitude: 28.7804, longitude: 83.723 },
  { code: 'SIF', icao: 'VNSI', city: 'Simara', name: 'Simara Airport', latitude: 27.1595, longitude: 84.9801 },
  { code: 'RJB', icao: 'VNRB', city: 'Rajbiraj', name: 'Rajbiraj Airport', latitude: 26.517, longitude: 86.75 },
  { code: 'RHP', icao: 'VNRC', city: 'Ramechhap', name: 'Ramechhap (Manthali) Airport', latitude: 27.394, longitude: 86.0614 },
  { code: 'IMK', icao: 'VNST', city: 'Simikot', name: 'Simikot Airport', latitude: 29.9711, longitude: 81.8189 },
  { code: 'JUM', icao: 'VNJL', city: 'Jumla', name: 'Jumla Airport', latitude: 29.2742, longitude: 82.1933 },
  { code: 'PPL', icao: 'VNPL', city: 'Phaplu', name: 'Phaplu Airport', latitude: 27.5178, longitude: 86.5845 },
  { code: 'TPJ', icao: 'VNTJ', city: 'Taplejung', name: 'Taplejung Airport', latitude: 27.3509, longitude: 87.6953 },
  { code: 'DOP', icao: 'VNDP', city: 'Dolpa', name: 'Dolpa Airport', latitude: 28.9857, longitude: 82.8191 },
] as const;
