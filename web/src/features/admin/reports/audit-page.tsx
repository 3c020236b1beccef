import { useState } from 'react';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { formatWhen, Pager, TableHead } from '../shared/admin-ui';
import { useAuditLog } from './api/get-audit-log';
import { auditActionText, auditChanges } from './audit-changes';

/** Who changed what, when, and each value before → after, in words (docs/admin.md#audit). */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useAuditLog(page);
  const language = currentLanguage();
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="text-2xl font-semibold">
        {t('admin.audit.title')}
      </h1>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('admin.audit.title')}</caption>
          <TableHead
            columns={[
              t('admin.audit.when'),
              t('admin.audit.who'),
              t('admin.audit.what'),
              t('admin.cockpit.audit.changes'),
            ]}
          />
          <tbody>
            {audit.data?.items.map((entry) => (
              <tr key={entry.id} className="border-b border-slate-200 align-top dark:border-slate-700">
                <td className="whitespace-nowrap py-2 pr-3">{formatWhen(entry.createdAt, i18n.language)}</td>
                <td className="py-2 pr-3 wrap-anywhere">{entry.actor}</td>
                <td className="py-2 pr-3">
                  <span className="font-medium">{auditActionText(t, entry.action)}</span>
                  <span className="block text-xs text-slate-500 wrap-anywhere">
                    <span className="font-mono">{entry.action}</span> · {entry.entityType} {entry.entityId}
                  </span>
                </td>
                <td className="py-2">
                  <ul className="grid gap-0.5">
                    {auditChanges(t, entry, language).map((line) => (
                      <li key={line} className="wrap-anywhere">
                        {line}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {audit.data?.items.length === 0 && <p className="py-4">{t('admin.audit.none')}</p>}
      </div>
      {audit.data && <Pager {...audit.data} onPage={setPage} />}
    </section>
  );
}
