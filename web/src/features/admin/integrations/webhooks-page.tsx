import { WebhooksPanel } from '../../../components/webhooks/webhooks-panel';
import { useTranslation } from '../../../lib/i18n';

/** The console's webhooks (docs/admin.md#the-web-console): the agency's own, over the same API as an agent's. */
export function AdminWebhooksPage() {
  const { t } = useTranslation();
  return <WebhooksPanel intro={t('webhooks.agencyIntro')} />;
}
