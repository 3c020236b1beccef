import type { ReactNode } from 'react';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { formatAdDate, localDigits, todayInNepal } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';

export function Section(props: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-base font-semibold">{props.title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{props.children}</div>
    </fieldset>
  );
}

/** Previous / next over a paged list, with "page x of y". */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  return (
    <nav className="mt-4 flex items-center gap-3 text-sm" aria-label={t('admin.pager.label')}>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        {t('admin.pager.previous')}
      </button>
      <span>{t('admin.pager.status', { page: props.page, pages, total: props.total })}</span>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={props.page >= pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        {t('admin.pager.next')}
      </button>
    </nav>
  );
}

/**
 * Date and time in Nepal's time zone. Nepali is written from the app's own names (browsers'
 * ne-NP data is missing in some, which gave English words with Nepali digits).
 */
export function formatWhen(iso: string, language: string): string {
  if (language === 'ne') {
    const instant = new Date(iso);
    const time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Kathmandu',
    }).format(instant);
    return `${formatAdDate(todayInNepal(instant), 'ne')} ${localDigits(time, 'ne')}`;
  }
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kathmandu',
  }).format(new Date(iso));
}

/** A table's column headings. */
export function TableHead(props: { columns: string[] }) {
  return (
    <thead className="border-b border-slate-300 dark:border-slate-600">
      <tr>
        {props.columns.map((column) => (
          <th key={column} scope="col" className="py-2 pr-3">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
