import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatWhen, Pager } from '../shared/admin-ui';
import { useOutbox } from './api/get-outbox';
import { useOutboxEmail } from './api/get-outbox-email';

/** The e-mails the site has sent or queued, readable here while no SMTP server is set. */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const outbox = useOutbox(page);
  const email = useOutboxEmail(openId);

  return (
    <section aria-labelledby="outbox-heading" className="grid gap-6 lg:grid-cols-2">
      <div>
        <h1 id="outbox-heading" className="text-2xl font-semibold">
          {t('admin.outbox.title')}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('admin.outbox.intro')}</p>
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
          {outbox.data?.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={`w-full px-2 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800 ${
                  item.id === openId ? 'bg-slate-100 dark:bg-slate-800' : ''
                }`}
                aria-pressed={item.id === openId}
                onClick={() => setOpenId(item.id)}
              >
                <span className="block font-medium">{item.subject}</span>
                <span className="block text-xs text-slate-500">
                  {t('admin.outbox.to', { to: item.to })} · {formatWhen(item.createdAt, i18n.language)} ·{' '}
                  {item.status === 'sent'
                    ? t('admin.outbox.sent')
                    : item.status === 'failed'
                      ? t('admin.outbox.failed', { attempts: item.attempts, error: item.lastError ?? '' })
                      : t('admin.outbox.queued')}
                  {item.attachments.length > 0 &&
                    ` · ${t('admin.outbox.attachments', { files: item.attachments.join(', ') })}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {outbox.data?.items.length === 0 && <p className="mt-4">{t('admin.outbox.none')}</p>}
        {outbox.data && <Pager {...outbox.data} onPage={setPage} />}
      </div>
      <article
        aria-label={t('admin.outbox.reader')}
        aria-live="polite"
        className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      >
        {email.data ? (
          <>
            <h2 className="text-lg font-semibold">{email.data.subject}</h2>
            <p className="text-xs text-slate-500">{t('admin.outbox.to', { to: email.data.to })}</p>
            <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm">{email.data.text}</pre>
          </>
        ) : (
          <p className="text-sm text-slate-500">{t('admin.outbox.pick')}</p>
        )}
      </article>
    </section>
  );
}
