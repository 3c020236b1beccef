import type { Webhook } from '#shared/integrations';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useErrorToast } from '../../lib/use-error-toast';
import { secondaryButtonClass } from '../ui/form-styles';
import { eventKey } from './webhook-strings';
import { useRedeliverWebhook, useWebhookDeliveries } from './webhooks-api';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Asia/Kathmandu',
  }).format(new Date(iso));

/** One webhook's delivery log (newest first) with a redelivery per delivery. */
export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const deliveries = useWebhookDeliveries(webhook.id, true);
  const redeliver = useRedeliverWebhook();
  const caption = t('webhooks.deliveriesOf', { url: webhook.url });
  if (deliveries.data?.length === 0) return <p className="text-sm">{t('webhooks.noDeliveries')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-300 dark:border-slate-600">
          <tr>
            {['when', 'type', 'state', 'attempts', 'answer'].map((column) => (
              <th key={column} scope="col" className="py-1 pr-3">
                {t(`webhooks.${column}`)}
              </th>
            ))}
            <th scope="col" className="py-1">
              <span className="sr-only">{t('webhooks.redeliver')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data?.map((delivery) => (
            <tr
              key={delivery.id}
              className="border-b border-slate-200 dark:border-slate-700"
              data-testid="webhook-delivery"
            >
              <td className="whitespace-nowrap py-1 pr-3">{when(delivery.createdAt)}</td>
              <td className="py-1 pr-3">{t(eventKey(delivery.type))}</td>
              <td className="py-1 pr-3">{t(`webhooks.states.${delivery.state}`)}</td>
              <td className="py-1 pr-3">{delivery.attempts}</td>
              <td className="py-1 pr-3 wrap-anywhere">
                {delivery.lastStatusCode ?? delivery.lastError ?? '—'}
              </td>
              <td className="py-1">
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={redeliver.isPending || Boolean(webhook.disabledAt)}
                  onClick={() =>
                    redeliver.mutate(
                      { id: webhook.id, deliveryId: delivery.id },
                      { onSuccess: () => notify.success(t('webhooks.redelivered')), onError: showError },
                    )
                  }
                >
                  {t('webhooks.redeliver')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
