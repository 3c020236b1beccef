/* No zod here: the web app imports this at run time. */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99: "Seventy-Eight". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const tens = TENS[Math.floor(n / 10)] as string;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

/** 1–999: "Nine Hundred Seventy-Eight". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = hundreds > 0 ? [`${ONES[hundreds]} Hundred`] : [];
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number in words with the Indian (Nepali) grouping: crore (10^7), lakh (10^5), thousand,
 * hundred. Crores above 99 are themselves grouped: 1,234,00,00,000 is "One Thousand Two Hundred
 * Thirty-Four Crore".
 */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (crore > 0) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

const UNITS = { NPR: ['Rupees', 'Paisa'], USD: ['Dollars', 'Cents'] } as const;

/**
 * An amount in minor units in words as a Nepali tax invoice writes its total:
 * 797892 NPR → "Rupees Seven Thousand Nine Hundred Seventy-Eight and Paisa Ninety-Two Only".
 * Negative amounts (a credit note's) are written as their size: the document says what it is.
 */
export function amountInWords(minor: number, currency: 'NPR' | 'USD' = 'NPR'): string {
  const size = Math.abs(minor);
  const [major, sub] = UNITS[currency];
  const whole = Math.floor(size / 100);
  const fraction = size % 100;
  const paisa = fraction > 0 ? ` and ${sub} ${belowHundred(fraction)}` : '';
  return `${major} ${numberInWords(whole)}${paisa} Only`;
}
