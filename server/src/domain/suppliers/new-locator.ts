import { randomInt } from 'node:crypto';

/**
 * A record locator, for a booking's PNR and a supplier's hold: six letters and digits without
 * 0, 1, I, L, O (read aloud over the phone without mistakes).
 */
export function newLocator(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  return Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join('');
}
