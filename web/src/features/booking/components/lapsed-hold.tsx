import { Link } from 'react-router';
import type { Booking } from '#shared/bookings';
import { useTranslation } from '../../../lib/i18n';

/**
 * The same trip searched again (one way, return or multi-city), for the same passengers: what a
 * booking whose hold lapsed offers instead of paying.
 */
export function searchAgainLink(booking: Booking): string {
  const legs = booking.legs.map((leg) => ({
    from: leg.segments[0]?.depart_code ?? '',
    to: leg.segments.at(-1)?.dest_code ?? '',
    date: leg.segments[0]?.depart_at.slice(0, 10) ?? '',
  }));
  const count = (type: string) => booking.passengers.filter((p) => p.type === type).length;
  const [first, second] = legs;
  const roundTrip =
    legs.length === 2 && first && second && first.from === second.to && first.to === second.from;
  const params = new URLSearchParams({
    trip: legs.length === 1 ? 'oneway' : roundTrip ? 'roundtrip' : 'multicity',
  });
  if (legs.length > 2 || (legs.length === 2 && !roundTrip)) {
    params.set('legs', legs.map((leg) => `${leg.from}.${leg.to}.${leg.date}`).join('~'));
  } else {
    params.set('from', first?.from ?? '');
    params.set('to', first?.to ?? '');
    params.set('date', first?.date ?? '');
    if (roundTrip) params.set('ret', second?.date ?? '');
  }
  params.set('adults', String(count('adult')));
  if (count('child')) params.set('children', String(count('child')));
  if (count('infant')) params.set('infants', String(count('infant')));
  params.set('nat', booking.passengers[0]?.nationality ?? 'NP');
  return `/flight-search?${params}`;
}

/** A hold that lapsed: it says so, offers no payment, and offers the same trip again. */
export function LapsedHold(props: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="hold-lapsed" className="mt-2">
      <p className="font-semibold text-red-700 dark:text-red-400">{t('booking.holdExpired')}</p>
      <Link
        to={searchAgainLink(props.booking)}
        className="mt-2 inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-semibold text-brand-contrast"
      >
        {t('booking.searchAgain')}
      </Link>
    </div>
  );
}
