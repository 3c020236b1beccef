import { expect, it } from 'vitest';
import {
  COMMISSION_DEFAULT_PERCENT,
  COMMISSION_MAX_PERCENT,
  COMMISSION_MIN_PERCENT,
  DEFAULT_INCLUDED_AIRPORT_CODES,
  FOOTER_PHONE_PREFIX,
  MOBILE_BREAKPOINT_PX,
  SCROLL_TO_TOP_THRESHOLD_PX,
  SCROLL_TO_TOP_THROTTLE_MS,
  TOAST_LIMIT,
  TOAST_MAX_WIDTH_PX,
  TOAST_REMOVE_DELAY_MS,
} from './constants';

it('holds the business constants of spec §9', () => {
  expect([COMMISSION_MIN_PERCENT, COMMISSION_MAX_PERCENT, COMMISSION_DEFAULT_PERCENT]).toEqual([0, 20, 0]);
  expect(MOBILE_BREAKPOINT_PX).toBe(768);
  expect([SCROLL_TO_TOP_THRESHOLD_PX, SCROLL_TO_TOP_THROTTLE_MS]).toEqual([400, 1000]);
  expect(FOOTER_PHONE_PREFIX).toBe('+977');
  expect(DEFAULT_INCLUDED_AIRPORT_CODES.join(' ')).toBe(
    'KTM PKR DEL DOH DXB LHR DFW SYD LIS BKK KWI CTU KUL',
  );
});

it('sets the toasts of spec §2: at most 20, removed 1 s after dismissal, 350 px wide', () => {
  expect([TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_MAX_WIDTH_PX]).toEqual([20, 1000, 350]);
});
