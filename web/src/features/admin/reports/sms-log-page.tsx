import { useState } from 'react';
import type { SmsOutboxEntry } from '#shared/admin';
import { useTranslation } from '../../../lib/i18n';
import { formatWhen, Pager } from '../shared/admin-ui';
import { useSmsOutbox } from './api/get-sms-outbox';

/**
 * The brand's SMS delivery log (docs/sms.md): each SMS with its kind, masked mobile, text (links
 * without their values), status and the provider's last answer, newest first.
 */
export function SmsLogPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useSmsOutbox(page);

  const statusOf = (item: SmsOutboxEntry) => {
    if (item.status === 'sent') return t('admin.sms.sent');
    if (item.status === 'failed') return t('admin.sms.failed', { attempts: item.attempts });
    return t('admin.sms.waiting');
  };

  return (
    <section aria-labelledby="sms-heading">
      <h1 id="sms-heading" className="text-2xl font-semibold">
        {t('admin.sms.title')}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('admin.sms.intro')}</p>
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700" aria-label={t('admin.sms.title')}>
        {log.data?.items.map((item) => (
          <li key={item.id} className="grid gap-1 px-2 py-3" data-testid="sms-entry">
            <p className="flex flex-wrap gap-x-3 text-sm">
              <span className="font-medium">{t(`admin.sms.kinds.${item.kind}`)}</span>
              <span>{t('admin.sms.to', { to: item.to })}</span>
              <span>{formatWhen(item.createdAt, i18n.language)}</span>
              <span data-testid="sms-status">{statusOf(item)}</span>
              {item.provider && item.providerCode && (
                <span className="text-slate-500">
                  {t('admin.sms.provider', { provider: item.provider, code: item.providerCode })}
                </span>
              )}
              {item.fallbackEmailedAt && <span className="text-slate-500">{t('admin.sms.fallback')}</span>}
            </p>
            <p className="whitespace-pre-wrap break-words text-sm" lang={item.language}>
              {item.text}
            </p>
            <p className="text-xs text-slate-500">
              {t('admin.sms.parts', { count: item.parts })}
              {item.lastError && ` · ${item.lastError}`}
            </p>
          </li>
        ))}
      </ul>
      {log.data?.items.length === 0 && <p className="mt-4">{t('admin.sms.none')}</p>}
      {log.data && <Pager {...log.data} onPage={setPage} />}
    </section>
  );
}
