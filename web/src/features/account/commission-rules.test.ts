import { expect, it } from 'vitest';
import { checkCommission, commissionForm, initialCommissionField } from './commission-rules';

it('accepts 0 to 20, decimals included', () => {
  for (const value of ['0', '5', '12.5', '20'])
    expect(checkCommission(value)).toEqual({ ok: true, percent: Number(value) });
});

it('marks an empty field as an error and rejects values outside 0–20', () => {
  expect(checkCommission('  ')).toEqual({ ok: false, reason: 'required' });
  for (const value of ['-1', '20.01', '100', 'abc'])
    expect(checkCommission(value)).toEqual({ ok: false, reason: 'outOfRange' });
});

it("starts the field from the user's commission, or '0'", () => {
  expect(initialCommissionField(undefined)).toBe('0');
  expect(initialCommissionField(7)).toBe('7');
});

it("the modal's form says which rule a value breaks, in the page's words, and reads a valid one as a number", () => {
  const form = commissionForm({ required: 'Required.', outOfRange: 'Out of range.' });
  expect(form.safeParse({ percent: '7.5' }).data).toEqual({ percent: 7.5 });
  expect(form.safeParse({ percent: '' }).error?.issues.map((issue) => issue.message)).toEqual(['Required.']);
  expect(form.safeParse({ percent: '25' }).error?.issues.map((issue) => issue.message)).toEqual([
    'Out of range.',
  ]);
});
