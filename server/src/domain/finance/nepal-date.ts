import type { BsDate } from '#shared/bikram-sambat';
import { adToBs } from '#shared/bikram-sambat';
import { utcToLocal } from '#shared/time/zoned';

/** The AD calendar date and the BS date in Nepal at an instant (documents are dated in Nepal). */
export function nepalDatesAt(instant: Date): { ad: string; bs: BsDate } {
  const ad = utcToLocal(instant.getTime(), 'Asia/Kathmandu').date;
  const bs = adToBs(ad);
  if (!bs) throw new Error(`${ad} is outside the Bikram Sambat table (shared/src/bikram-sambat.ts)`);
  return { ad, bs };
}
