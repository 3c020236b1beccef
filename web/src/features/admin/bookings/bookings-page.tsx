import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { type AdminBookingsQuery, adminBookingsQuery } from '#shared/admin-bookings';
import type { BookingStatus } from '#shared/bookings';
import { formatMoney } from '#shared/money';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { formatWhen, Pager, TableHead } from '../shared/admin-ui';
import { useAdminUsers } from '../shared/api/get-admin-users';
import { useAdminBookings } from './api/get-admin-bookings';
import { DisruptedBadge } from './disrupted-badge';

export const BOOKING_STATUSES: BookingStatus[] = [
  'held',
  'paid',
  'ticketed',
  'expired',
  'cancelled',
  'refunded',
];
const FILTERS = [
  'status',
  'dateField',
  'from',
  'to',
  'agentId',
  'origin',
  'destination',
  'pnr',
  'name',
] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** The filters as typed: empty ones are left out, the rest checked as the API checks them. */
const filtersForm = z
  .object(Object.fromEntries(FILTERS.map((key) => [key, z.string()])) as Record<keyof Filters, z.ZodString>)
  .transform(
    (filters) =>
      Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as AdminBookingsQuery,
  )
  .pipe(adminBookingsQuery);

function filtersOf(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? ''])) as Filters;
}

/** The brand's bookings: filters kept in the URL, a table, a link to each booking's detail. */
export function BookingsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const { form, errorOf } = useZodForm(filtersForm, applied);
  const dateField = useWatch({ control: form.control, name: 'dateField' });
  const page = Number(params.get('page') ?? '1') || 1;
  const query: AdminBookingsQuery = {
    ...(Object.fromEntries(
      Object.entries(applied).filter(([, v]) => v !== ''),
    ) as Partial<AdminBookingsQuery>),
    page,
    pageSize: 20,
  };
  const bookings = useAdminBookings(query);
  const agents = useAdminUsers({ type: 'agent', page: 1, pageSize: 100 });
  const fields = bookings.error instanceof ApiError ? bookings.error.fields : {};

  const apply = (next: Filters, nextPage = 1) => {
    const search = new URLSearchParams(Object.entries(next).filter(([, v]) => v !== ''));
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };
  // The URL keeps the filters as typed; the schema only checks them first.
  const submit = form.handleSubmit(() => apply(form.getValues()));
  /** The form's own message, else the API's for a filter that came in the URL. */
  const field = (name: 'pnr' | 'name' | 'origin' | 'destination' | 'from' | 'to') => ({
    error: errorOf(name) ?? fields[name],
    ...form.register(name),
  });

  return (
    <section aria-labelledby="bookings-heading">
      <h1 id="bookings-heading" className="text-2xl font-semibold">
        {t('admin.bookings.title')}
      </h1>
      <search>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="mt-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-5"
        >
          <TextField label={t('admin.bookings.pnr')} {...field('pnr')} />
          <TextField label={t('admin.bookings.name')} {...field('name')} />
          <SelectField
            label={t('admin.bookings.status')}
            {...form.register('status')}
            options={[
              ['', t('admin.bookings.allStatuses')],
              ...BOOKING_STATUSES.map((s) => [s, t(`booking.statuses.${s}`)] as [string, string]),
            ]}
          />
          <SelectField
            label={t('admin.bookings.agent')}
            {...form.register('agentId')}
            options={[
              ['', t('admin.bookings.allAgents')],
              ...(agents.data?.items ?? []).map(
                (a) => [a.id, `${a.firstName} ${a.lastName}`] as [string, string],
              ),
            ]}
          />
          <TextField label={t('admin.bookings.origin')} maxLength={3} {...field('origin')} />
          <TextField label={t('admin.bookings.destination')} maxLength={3} {...field('destination')} />
          <SelectField
            label={t('admin.bookings.dateField')}
            {...form.register('dateField')}
            value={dateField || 'created'}
            options={[
              ['created', t('admin.bookings.byCreated')],
              ['travel', t('admin.bookings.byTravel')],
            ]}
          />
          <TextField label={t('admin.bookings.from')} type="date" {...field('from')} />
          <TextField label={t('admin.bookings.to')} type="date" {...field('to')} />
          <div className="flex items-end gap-2">
            <button type="submit" className={buttonClass}>
              {t('admin.bookings.apply')}
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                const empty = filtersOf(new URLSearchParams());
                form.reset(empty);
                apply(empty);
              }}
            >
              {t('admin.bookings.clear')}
            </button>
          </div>
        </form>
      </search>
      {bookings.isError && !Object.keys(fields).length && <p role="alert">{t('messages.genericError')}</p>}
      {bookings.data && (
        <>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="admin-bookings">
              <caption className="sr-only">{t('admin.bookings.title')}</caption>
              <TableHead
                columns={['pnr', 'status', 'flight', 'booker', 'passengers', 'total', 'created'].map((c) =>
                  t(`admin.bookings.${c}`),
                )}
              />
              <tbody>
                {bookings.data.items.map((b) => (
                  <tr
                    key={b.pnr}
                    className="border-b border-slate-200 align-top dark:border-slate-700"
                    data-pnr={b.pnr}
                  >
                    <th scope="row" className="py-2 pr-3 font-mono font-medium">
                      <Link className="underline" to={`/admin/bookings/${b.pnr}`}>
                        {b.pnr}
                      </Link>
                    </th>
                    <td className="py-2 pr-3">
                      <span className="block" data-testid="status">
                        {t(`booking.statuses.${b.status}`)}
                      </span>
                      {b.disrupted && <DisruptedBadge />}
                    </td>
                    <td className="py-2 pr-3">
                      <span className="block">{b.route}</span>
                      <span className="block text-xs text-slate-500">
                        {b.departAt && formatWhen(b.departAt, i18n.language)}
                      </span>
                    </td>
                    <td className="py-2 pr-3">
                      <span className="block">{b.booker.name}</span>
                      <span className="block text-xs text-slate-500">
                        {t(`admin.userTypes.${b.booker.type}`)}
                      </span>
                    </td>
                    <td className="py-2 pr-3">{b.passengerNames.join(', ')}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {formatMoney(b.total, b.currency as 'NPR', currentLanguage())}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatWhen(b.createdAt, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {bookings.data.items.length === 0 && <p className="py-4">{t('admin.bookings.none')}</p>}
          </div>
          <Pager {...bookings.data} onPage={(next) => apply(applied, next)} />
        </>
      )}
    </section>
  );
}
