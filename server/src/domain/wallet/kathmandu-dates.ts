import { utcToLocal } from '#shared/time/zoned';

/** An instant as Nepal's local calendar date ('YYYY-MM-DD') and time ('HH:MM'). */
export function kathmanduLocal(instant: Date): { date: string; time: string } {
  const local = utcToLocal(instant.getTime(), 'Asia/Kathmandu');
  return { date: local.date, time: local.time.slice(0, 5) };
}
