import { useTranslation } from '../../../lib/i18n';

/** The mark of a booking or flight the agency declared disrupted. */
export function DisruptedBadge() {
  const { t } = useTranslation();
  return (
    <span className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
      {t('admin.bookings.disrupted')}
    </span>
  );
}
