import { useTranslation } from '../../lib/i18n';

/**
 * A thin strip above the page while the site's payments are tests (sandboxes or test merchant
 * accounts). The server's first paint draws the same strip (server/src/http/web-app.ts).
 */
export function TestPaymentsRibbon() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="bg-amber-100 px-4 py-0.5 text-center text-xs font-medium text-amber-950"
      data-testid="test-payments-ribbon"
    >
      {t('testPayments.ribbon')}
    </p>
  );
}
