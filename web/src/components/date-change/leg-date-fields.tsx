import { useId } from 'react';
import { useController } from 'react-hook-form';
import type { Booking } from '#shared/bookings';
import { formatAdDate } from '../../lib/dates';
import { currentLanguage } from '../../lib/i18n';
import { FieldError } from '../ui/field-error';
import { LocaleDateInput } from '../ui/locale-date-input';
import type { DateChangeForm } from './use-date-change';

/**
 * The leg (when the booking has more than one) and the new date of a date change, held by the
 * flow's form: the traveller's and agent's "Change date" on their booking and the console's reissue.
 */
export function LegDateFields(props: {
  legs: Booking['legs'];
  form: DateChangeForm;
  dateError: string | undefined;
  labels: { leg: string; date: string };
  inputClassName: string;
  onLegChange: () => void;
}) {
  const dateId = useId();
  const { field } = useController({ control: props.form.control, name: 'date' });
  return (
    <>
      {props.legs.length > 1 && (
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{props.labels.leg}</span>
          <select
            className={props.inputClassName}
            {...props.form.register('leg_index', { onChange: props.onLegChange })}
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
          name={field.name}
          required
          className={`w-full ${props.inputClassName}`}
          value={typeof field.value === 'string' ? field.value : ''}
          invalid={Boolean(props.dateError)}
          describedBy={props.dateError ? `${dateId}-error` : undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
        <FieldError id={`${dateId}-error`} error={props.dateError} />
      </div>
    </>
  );
}
