import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const buttonClass =
  'rounded-md bg-[var(--brand-primary)] px-4 py-2 text-sm font-medium text-[var(--brand-primary-contrast)] hover:opacity-90 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-50';
export const secondaryButtonClass =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800';
export const inputClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900 aria-[invalid=true]:border-red-600';

/** A labelled text input with its error announced to screen readers. */
/** The app's one labelled input, used here too. */
export { TextField } from '../../../components/ui/text-field';

export function FieldError(props: { id: string; error?: string | undefined }) {
  if (!props.error) return null;
  return (
    <p id={props.id} className="mt-1 text-xs text-red-700 dark:text-red-400">
      {props.error}
    </p>
  );
}

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

/** Date and time in Nepal's time zone. */
export function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'ne' ? 'ne-NP' : 'en-GB', {
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
