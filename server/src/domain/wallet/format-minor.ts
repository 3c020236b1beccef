/** Minor units as the currency and its major units, grouped the Indian way: "NPR 1,23,456.50". */
export function formatMinor(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const rupees = Math.floor(abs / 100).toLocaleString('en-IN');
  return `${currency} ${sign}${rupees}.${String(abs % 100).padStart(2, '0')}`;
}
