/** Paisa as the rupee string eSewa's form expects: "110", "110.5", "110.25". */
export function rupeesFromPaisa(paisa: number): string {
  const rupees = Math.trunc(paisa / 100);
  const rest = paisa % 100;
  if (rest === 0) return String(rupees);
  return `${rupees}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * A rupee amount as a gateway writes it ("1000.0", "1,000.00", 110) in paisa, or undefined
 * when it is not an amount. Decimal arithmetic on the digits, never floating point.
 */
export function paisaFromRupees(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.replaceAll(',', '').trim());
  if (!match?.[1]) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** An integer amount of paisa as a gateway writes it (1000, "1000"), or undefined. */
export function paisaFromInteger(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}
