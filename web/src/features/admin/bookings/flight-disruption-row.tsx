import { useState } from 'react';
import { z } from 'zod';
import {
  type AdminBookingDetail,
  DISRUPTION_CHANGES,
  DISRUPTION_REASONS,
  type FlightDisruption,
  markDisruptedRequest,
} from '#shared/admin-bookings';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { formatWhen } from '../shared/admin-ui';
import { useMarkFlightDisrupted } from './api/mark-flight-disrupted';
import { DisruptedBadge } from './disrupted-badge';

/** The API's request, with the console's own words when the note is empty. */
const disruptionForm = (noteRequired: string, timeRequired: string) =>
  z
    .object({
      reason: markDisruptedRequest.shape.reason,
      note: z.string().trim().min(1, noteRequired).pipe(markDisruptedRequest.shape.note),
      change: markDisruptedRequest.shape.change,
      newDepartureLocal: z.string(),
    })
    .superRefine((input, context) => {
      if ((input.change === 'delayed' || input.change === 'retimed') && !input.newDepartureLocal) {
        context.addIssue({ code: 'custom', path: ['newDepartureLocal'], message: timeRequired });
      }
    });

/** One flight of the booking, and the form that marks it disrupted and tells its travellers. */
export function FlightDisruptionRow(props: { flight: AdminBookingDetail['flights'][number] }) {
  const { t, i18n } = useTranslation();
  const { flight } = props;
  const mark = useMarkFlightDisrupted();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<FlightDisruption | null>(null);
  const { form, errorOf } = useZodForm(
    disruptionForm(t('admin.bookings.noteRequired'), t('admin.bookings.newDepartureRequired')),
    { reason: 'weather', note: '', change: 'disrupted', newDepartureLocal: '' },
  );
  const change = form.watch('change');

  const submit = form.handleSubmit(async (input) => {
    if (!window.confirm(t('admin.bookings.confirmDisrupt', { flight: flight.flightId }))) return;
    const retimed = input.change === 'delayed' || input.change === 'retimed';
    await mark
      .mutateAsync({
        flightId: flight.flightId,
        reason: input.reason,
        note: input.note,
        change: input.change,
        ...(retimed ? { newDepartureLocal: input.newDepartureLocal } : {}),
      })
      .then(
        (answer) => {
          setDone(answer);
          setOpen(false);
          notify.success(t('admin.bookings.disruptedDone', { count: answer.flagged.length }));
        },
        (failure: unknown) =>
          form.setError('note', {
            type: 'server',
            message:
              failure instanceof ApiError
                ? (failure.fields.note ?? failure.message)
                : t('messages.genericError'),
          }),
      );
  });

  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <p>
        <strong>{flight.flightNumber}</strong> {flight.route} · {formatWhen(flight.departAt, i18n.language)}{' '}
        <span className="text-xs text-slate-500">({flight.flightId})</span>{' '}
        {flight.disrupted && <DisruptedBadge />}
      </p>
      {!open && (
        <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => setOpen(true)}>
          {t('admin.bookings.markDisrupted')}
          <span className="sr-only"> {flight.flightId}</span>
        </button>
      )}
      {open && (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="mt-2 grid gap-2 sm:grid-cols-[12rem_1fr]"
        >
          <SelectField
            label={t('admin.bookings.change')}
            options={DISRUPTION_CHANGES.map((c) => [c, t(`admin.bookings.changes.${c}`)])}
            {...form.register('change')}
          />
          {change === 'delayed' || change === 'retimed' ? (
            <TextField
              label={t('admin.bookings.newDeparture')}
              type="datetime-local"
              error={errorOf('newDepartureLocal')}
              {...form.register('newDepartureLocal')}
            />
          ) : (
            <span />
          )}
          <SelectField
            label={t('admin.bookings.reason')}
            options={DISRUPTION_REASONS.map((r) => [r, t(`admin.bookings.reasons.${r}`)])}
            {...form.register('reason')}
          />
          <TextareaField
            label={t('admin.bookings.note')}
            rows={2}
            error={errorOf('note')}
            {...form.register('note')}
          />
          <div className="flex gap-2 sm:col-span-2">
            <SubmitButton busy={mark.isPending}>{t('admin.bookings.markAndTell')}</SubmitButton>
            <button type="button" className={secondaryButtonClass} onClick={() => setOpen(false)}>
              {t('admin.bookings.keep')}
            </button>
          </div>
        </form>
      )}
      {done && (
        <p role="status" className="mt-2 text-sm" data-testid="disruption-result">
          {t('admin.bookings.disruptedResult', {
            count: done.flagged.length,
            pnrs: done.flagged.join(', ') || '—',
            notified: done.notified,
          })}
        </p>
      )}
    </li>
  );
}
