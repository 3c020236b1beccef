import { utcToLocal } from '#shared/time/zoned';

export type CsvCell = string | number | null | undefined;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. Text
 * starting with = + - @ or a tab (which spreadsheets would run as a formula) gets a leading
 * apostrophe; numbers (and numeric text such as "-12.50") are written as they are.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const numeric = /^-?\d+(\.\d+)?$/.test(value);
  const text = !numeric && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: a header row, then the rows, CRLF line ends. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Minor units as major units with two decimals ("12345" → "123.45", "-5" → "-0.05"). */
export function majorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An ISO instant as its Kathmandu local date and time, "2026-05-01 14:05". */
export function kathmanduDateTime(date: Date): string {
  const local = utcToLocal(date.getTime(), 'Asia/Kathmandu');
  return `${local.date} ${local.time.slice(0, 5)}`;
}
