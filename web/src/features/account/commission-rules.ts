import { z } from 'zod';
import { COMMISSION_MAX_PERCENT, COMMISSION_MIN_PERCENT } from '#shared/constants';

export type CommissionCheck =
  | { ok: true; percent: number }
  | { ok: false; reason: 'required' | 'outOfRange' };

/** Seed §5: empty is an error on the field; below 0 or above 20 is rejected before any call. */
export function checkCommission(value: string): CommissionCheck {
  if (value.trim() === '') return { ok: false, reason: 'required' };
  const percent = Number(value);
  if (!Number.isFinite(percent) || percent < COMMISSION_MIN_PERCENT || percent > COMMISSION_MAX_PERCENT) {
    return { ok: false, reason: 'outOfRange' };
  }
  return { ok: true, percent };
}

/** The value the field starts from: the user's commission, or '0' when none is set. */
export const initialCommissionField = (current: number | null | undefined) =>
  current === null || current === undefined ? '0' : String(current);

/** The modal's form schema: the field as typed → the percent, with the page's own messages. */
export const commissionForm = (messages: Record<'required' | 'outOfRange', string>) =>
  z.object({
    percent: z.string().transform((value, context) => {
      const check = checkCommission(value);
      if (check.ok) return check.percent;
      context.addIssue({ code: 'custom', message: messages[check.reason] });
      return z.NEVER;
    }),
  });
