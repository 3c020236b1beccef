import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatWhen, Pager, TableHead } from '../shared/admin-ui';
import { useAuditLog } from './api/get-audit-log';

const asText = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value, null, 1) : '—');

/** Who changed what, when, old → new. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useAuditLog(page);
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="text-2xl font-semibold">
        {t('admin.audit.title')}
      </h1>
      {/* Wide old → new values scroll sideways: the region takes focus so a keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1) */}
      <section className="mt-4 overflow-x-auto" tabIndex={0} aria-labelledby="audit-heading">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('admin.audit.title')}</caption>
          <TableHead columns={['when', 'who', 'what', 'before', 'after'].map((c) => t(`admin.audit.${c}`))} />
          <tbody>
            {audit.data?.items.map((entry) => (
              <tr key={entry.id} className="border-b border-slate-200 align-top dark:border-slate-700">
                <td className="whitespace-nowrap py-2 pr-3">{formatWhen(entry.createdAt, i18n.language)}</td>
                <td className="py-2 pr-3">{entry.actor}</td>
                <td className="py-2 pr-3">
                  <span className="font-mono text-xs">{entry.action}</span>
                  <span className="block font-mono text-xs text-slate-500 wrap-anywhere">
                    {entry.entityId}
                  </span>
                </td>
                <td className="py-2 pr-3">
                  <pre className="max-w-xs whitespace-pre-wrap wrap-anywhere text-xs">
                    {asText(entry.before)}
                  </pre>
                </td>
                <td className="py-2">
                  <pre className="max-w-xs whitespace-pre-wrap wrap-anywhere text-xs">
                    {asText(entry.after)}
                  </pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {audit.data?.items.length === 0 && <p className="py-4">{t('admin.audit.none')}</p>}
      </section>
      {audit.data && <Pager {...audit.data} onPage={setPage} />}
    </section>
  );
}
