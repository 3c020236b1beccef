import { addDays } from '../../../lib/dates';

/** "2026-11" → the month's dates in weeks of seven (Sunday first, as calendars in Nepal are), blanks as null. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const lead = new Date(`${first}T00:00:00Z`).getUTCDay();
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, i) => addDays(first, i)),
  ];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** "2026-11" moved by a number of months. */
export function addMonths(month: string, months: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** The date a key press moves the focus to inside a month grid, kept within the month. */
export function dateAfterKey(date: string, key: string, month: string): string | null {
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[key];
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = `${month}-${String(new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()).padStart(2, '0')}`;
  if (key === 'Home') return `${month}-01`;
  if (key === 'End') return last;
  if (step === undefined) return null;
  const next = addDays(date, step);
  return next < `${month}-01` ? `${month}-01` : next > last ? last : next;
}
