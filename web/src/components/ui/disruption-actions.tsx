import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BookingDisruption, RebookingOptions } from '#shared/bookings';
import { apiGet, apiPost } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { useErrorToast } from '../../lib/use-error-toast';
import { Button } from './button';

export interface DisruptionActionsProps {
  /** `/bookings/ABC234` for the traveller, `/admin/bookings/ABC234` for an agent acting for them. */
  bookingPath: string;
  disruption: BookingDisruption;
  /** Whether the booking can still be changed (held, paid or ticketed). */
  active: boolean;
  /** Called with the route's answer (the booking, or the admin's booking detail) after each action. */
  onChanged: (answer: unknown) => void;
}

const time = (local: string) => local.replace('T', ' ');

/**
 * A disrupted flight and the traveller's one-click answers: accept the new time (not for a
 * cancelled flight), move to another flight of the route within 3 days at no cost, or a full refund.
 */
export function DisruptionActions({ bookingPath, disruption, active, onChanged }: DisruptionActionsProps) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const [choosing, setChoosing] = useState(false);
  const open = active && disruption.resolution === null;
  const options = useQuery({
    queryKey: ['rebooking-options', bookingPath],
    queryFn: () => apiGet<RebookingOptions>(`${bookingPath}/rebooking-options`),
    enabled: open && choosing,
    retry: false,
  });
  const act = useMutation({
    mutationFn: ({ action, body }: { action: 'accept' | 'rebook' | 'refund'; body?: unknown }) =>
      apiPost<unknown>(`${bookingPath}/disruption/${action}`, body),
    onSuccess: (answer) => {
      setChoosing(false);
      onChanged(answer);
    },
    onError: showError,
  });
  const change =
    disruption.change === 'delayed' || disruption.change === 'retimed'
      ? t(`booking.disruptionChanges.${disruption.change}`, {
          time: time(disruption.new_departure_local ?? ''),
        })
      : t(`booking.disruptionChanges.${disruption.change}`);

  return (
    <section
      data-testid="disruption-actions"
      aria-label={t('booking.disruptionActions.title', { flight: disruption.flight_id })}
      className="mt-2 grid gap-2 rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-semibold" data-testid="disruption-change">
        {t('booking.disruptionActions.title', { flight: disruption.flight_id })}: {change}
      </p>
      {disruption.resolution !== null && (
        <p role="status" data-testid="disruption-resolution">
          {t(`booking.disruptionResolutions.${disruption.resolution}`)}
        </p>
      )}
      {open && (
        <div className="flex flex-wrap gap-2">
          {disruption.change !== 'cancelled' && (
            <Button type="button" busy={act.isPending} onClick={() => act.mutate({ action: 'accept' })}>
              {t('booking.disruptionActions.accept')}
            </Button>
          )}
          <Button type="button" onClick={() => setChoosing((c) => !c)} aria-expanded={choosing}>
            {t('booking.disruptionActions.rebook')}
          </Button>
          <Button type="button" busy={act.isPending} onClick={() => act.mutate({ action: 'refund' })}>
            {t('booking.disruptionActions.refund')}
          </Button>
        </div>
      )}
      {open && choosing && (
        <div className="grid gap-2">
          {options.isPending && <p role="status">{t('booking.loading')}</p>}
          {options.data && options.data.offers.length === 0 && (
            <p>{t('booking.disruptionActions.noFlights')}</p>
          )}
          {options.data && options.data.offers.length > 0 && (
            <ul className="grid gap-2" aria-label={t('booking.disruptionActions.options')}>
              {options.data.offers.map((offer) => {
                const first = offer.segments[0];
                const last = offer.segments.at(-1);
                return (
                  <li
                    key={offer.id}
                    data-testid="rebooking-option"
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-2 text-slate-900 ring-1 ring-amber-200 dark:bg-slate-900 dark:text-slate-50"
                  >
                    <span>
                      <strong>{offer.segments.map((s) => s.flight_number).join(', ')}</strong> ·{' '}
                      {time((first?.depart_at ?? '').slice(0, 16))} →{' '}
                      {time((last?.arrive_at ?? '').slice(0, 16))}
                    </span>
                    <Button
                      type="button"
                      busy={act.isPending}
                      onClick={() => act.mutate({ action: 'rebook', body: { offer_id: offer.id } })}
                    >
                      {t('booking.disruptionActions.moveHere')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
