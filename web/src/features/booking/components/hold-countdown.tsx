import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** Minutes and seconds left on the hold, ticking once a second; says so when it has lapsed. */
export function HoldCountdown(props: { expiresAt: string; onExpired?: () => void }) {
  const { t } = useTranslation();
  const deadline = Date.parse(props.expiresAt);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, deadline - now);
  useEffect(() => {
    if (left === 0) props.onExpired?.();
  }, [left, props.onExpired]);
  if (left === 0)
    return <p className="font-semibold text-red-700 dark:text-red-400">{t('booking.holdExpired')}</p>;
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  return (
    <p className={`font-semibold ${minutes < 3 ? 'text-red-700 dark:text-red-400' : ''}`}>
      {t('booking.holdLeft')}{' '}
      <time dateTime={props.expiresAt}>
        {minutes}:{String(seconds).padStart(2, '0')}
      </time>
    </p>
  );
}
