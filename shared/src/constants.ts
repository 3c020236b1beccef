/** Business constants of spec §9. */
export const COMMISSION_MIN_PERCENT = 0;
export const COMMISSION_MAX_PERCENT = 20;
export const COMMISSION_DEFAULT_PERCENT = 0;
export const MOBILE_BREAKPOINT_PX = 768;
export const SCROLL_TO_TOP_THRESHOLD_PX = 400;
export const SCROLL_TO_TOP_THROTTLE_MS = 1000;
export const FOOTER_PHONE_PREFIX = '+977';
export const TOAST_LIMIT = 20;
export const TOAST_REMOVE_DELAY_MS = 1000;
export const TOAST_MAX_WIDTH_PX = 350;
/** Airports every brand's list starts with (spec §9). */
export const DEFAULT_INCLUDED_AIRPORT_CODES = [
  'KTM',
  'PKR',
  'DEL',
  'DOH',
  'DXB',
  'LHR',
  'DFW',
  'SYD',
  'LIS',
  'BKK',
  'KWI',
  'CTU',
  'KUL',
] as const;
/** Airport search answers at most this many airports. */
export const AIRPORT_SEARCH_MAX_RESULTS = 20;
export const API_BASE_PATH = '/api/b2b/v2';
/** Sector code aggregators use for the Everest mountain flight (a loop from Kathmandu). */
export const MOUNTAIN_FLIGHT_CODE = 'MTN';
