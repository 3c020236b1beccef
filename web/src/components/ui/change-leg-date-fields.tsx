import { useId } from 'react';
import type { Booking } from '#shared/bookings';
import { formatAdDate } from '../../lib/dates';
import { currentLanguage } from '../../lib/i18n';
import { LocaleDateInput } from './locale-date-input';

/**
 * The leg (when the booking has more than one) and the new date of a date change: the traveller's
 * and agent's "Change date" on their booking and the console's reissue both ask them so.
 */
export function ChangeLegDateFields(props: {
  legs: Booking['legs'];
  legIndex: number;
  date: string;
  labels: { leg: string; date: string };
  inputClassName: string;
  onLegChange: (legIndex: number) => void;
  onDateChange: (date: string) => void;
}) {
  const dateId = useId();
  return (
    <>
      {props.legs.length > 1 && (
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{props.labels.leg}</span>
          <select
            className={props.inputClassName}
            value={props.legIndex}
            onChange={(event) => props.onLegChange(Number(event.target.value))}
          >
            {props.legs.map((leg, index) => (
              <option key={leg.id} value={index}>
                {leg.segments[0]?.depart_code} → {leg.segments.at(-1)?.dest_code},{' '}
                {formatAdDate(leg.segments[0]?.depart_at.slice(0, 10) ?? '', currentLanguage())}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="grid gap-1 text-sm">
        <label htmlFor={dateId} className="font-medium">
          {props.labels.date}
        </label>
        <LocaleDateInput
          id={dateId}
          required
          className={`w-full ${props.inputClassName}`}
          value={props.date}
          onChange={props.onDateChange}
        />
      </div>
    </>
  );
}
