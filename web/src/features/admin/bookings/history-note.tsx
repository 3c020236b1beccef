import type { Booking } from '#shared/bookings';
import { useTranslation } from '../../../lib/i18n';
import { money } from './booking-format';

type BookingEvent = Booking['history'][number];

/**
 * Older history notes wrote amounts as bare minor units ("Fee 149951, refund 566929 NPR"): each
 * amount after a fee, refund or difference is shown as money.
 */
export function formatLegacyNote(note: string): string {
  const currency = /\b\d+ (NPR|USD)\b/.exec(note)?.[1];
  if (!currency) return note;
  return note.replace(
    /\b(fee|refund|difference) (\d+)(?: (?:NPR|USD)\b)?/gi,
    (_match, word: string, amount: string) => `${word} ${money(Number(amount), currency)}`,
  );
}

/**
 * A history entry's words: an after-sales event's money in the console's language
 * (`amounts`), with the note beside it; other notes as written.
 */
export function HistoryNote(props: { event: BookingEvent }) {
  const { t } = useTranslation();
  const { amounts, note } = props.event;
  if (!amounts) return note ? <p className="text-sm">{formatLegacyNote(note)}</p> : null;
  const of = (amount: number | undefined) => money(amount ?? 0, amounts.currency);
  return (
    <>
      <p className="text-sm" data-testid="history-amounts">
        {t(`admin.bookings.historyAmounts.${amounts.kind}`, {
          fee: of(amounts.kind === 'change' ? amounts.change_fee : amounts.fee),
          refund: of(amounts.refund),
          difference: of(amounts.fare_difference),
          passengers: (amounts.passengers ?? []).join(', '),
        })}
      </p>
      {note && <p className="text-xs text-slate-600 dark:text-slate-300">{note}</p>}
    </>
  );
}
