import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type Markup, type MarkupInput, type MarkupScope, markupInput } from '#shared/admin-money';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { TableHead } from '../shared/admin-ui';
import { paisaOf } from '../shared/money-input';
import { type MarkupAction, useChangeMarkup } from './api/change-markup';
import { useMarkups } from './api/get-markups';

const SCOPES: MarkupScope[] = ['all', 'airline', 'route'];

interface Draft {
  scope: MarkupScope;
  origin: string;
  destination: string;
  airlineCode: string;
  kind: 'percent' | 'fixed';
  /** Percent ("5.5") or an amount in major units ("500"), as typed. */
  value: string;
  currency: CurrencyCode;
}

const EMPTY: Draft = {
  scope: 'all',
  origin: '',
  destination: '',
  airlineCode: '',
  kind: 'percent',
  value: '',
  currency: 'NPR',
};

const draftOf = (markup: Markup): Draft => ({
  scope: markup.scope,
  origin: markup.origin ?? '',
  destination: markup.destination ?? '',
  airlineCode: markup.airlineCode ?? '',
  kind: markup.kind,
  // Basis points / 100 is the percent; minor units / 100 the amount in rupees or dollars.
  value: String(markup.value / 100),
  currency: markup.currency,
});

/** A typed percentage ("5.25") as basis points, or undefined. */
function basisPointsOf(percent: string): number | undefined {
  const text = percent.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const points = Math.round(Number(text) * 100);
  return points > 0 ? points : undefined;
}

/** Markups: the agency's margin per route, airline or on everything, applied by the search. */
export function MarkupsPage() {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const markups = useMarkups();
  const action = useChangeMarkup();
  const [editing, setEditing] = useState<Markup | null>(null);

  const remove = (markup: Markup) => {
    if (!window.confirm(t('admin.markups.confirmDelete', { target: targetOf(markup, t) }))) return;
    action.mutate(
      { kind: 'delete', id: markup.id },
      {
        onSuccess: () => notify.success(t('admin.markups.deleted')),
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <section aria-labelledby="markups-heading">
      <h1 id="markups-heading" className="text-2xl font-semibold">
        {t('admin.markups.title')}
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">{t('admin.markups.intro')}</p>
      <MarkupForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {markups.isError && <p role="alert">{t('messages.genericError')}</p>}
      {markups.data && (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('admin.markups.title')}</caption>
            <TableHead columns={['target', 'markup', 'actions'].map((c) => t(`admin.markups.${c}`))} />
            <tbody>
              {markups.data.map((markup) => (
                <tr key={markup.id} className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {targetOf(markup, t)}
                  </th>
                  <td className="py-2 pr-3">{amountOf(markup)}</td>
                  <td className="flex flex-wrap gap-2 py-2">
                    <button type="button" className={secondaryButtonClass} onClick={() => setEditing(markup)}>
                      {t('admin.markups.edit')}
                      <span className="sr-only"> {targetOf(markup, t)}</span>
                    </button>
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      disabled={action.isPending}
                      onClick={() => remove(markup)}
                    >
                      {t('admin.markups.delete')}
                      <span className="sr-only"> {targetOf(markup, t)}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {markups.data.length === 0 && <p className="py-4">{t('admin.markups.none')}</p>}
        </div>
      )}
    </section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function targetOf(markup: Markup, t: T): string {
  if (markup.scope === 'route')
    return t('admin.markups.routeTarget', { origin: markup.origin, destination: markup.destination });
  if (markup.scope === 'airline') return t('admin.markups.airlineTarget', { airline: markup.airlineCode });
  return t('admin.markups.allTarget');
}

function amountOf(markup: Markup): string {
  if (markup.kind === 'percent') return `${(markup.value / 100).toFixed(2)} %`;
  return formatMoney(markup.value, markup.currency, currentLanguage());
}

/** The draft as typed → the API's markup (basis points or minor units), checked by markupInput. */
const markupForm = (messages: Record<Draft['kind'], string>) =>
  z
    .object({
      scope: z.enum(['all', 'airline', 'route']),
      origin: z.string(),
      destination: z.string(),
      airlineCode: z.string(),
      kind: z.enum(['percent', 'fixed']),
      value: z.string(),
      currency: z.enum(['NPR', 'USD']),
    })
    .transform((draft, context): MarkupInput => {
      const value = draft.kind === 'percent' ? basisPointsOf(draft.value) : paisaOf(draft.value);
      if (value === undefined) {
        context.addIssue({ code: 'custom', path: ['value'], message: messages[draft.kind] });
        return z.NEVER;
      }
      return {
        scope: draft.scope,
        kind: draft.kind,
        value,
        currency: draft.currency,
        ...(draft.scope === 'route' ? { origin: draft.origin, destination: draft.destination } : {}),
        ...(draft.scope === 'airline' ? { airlineCode: draft.airlineCode } : {}),
      };
    })
    .pipe(markupInput);

function MarkupForm(props: { editing: Markup | null; onDone: () => void }) {
  const { t } = useTranslation();
  const action = useChangeMarkup();
  const { form, errorOf, showFailure } = useZodForm(
    markupForm({ percent: t('admin.markups.percentInvalid'), fixed: t('admin.markups.amountInvalid') }),
    props.editing ? draftOf(props.editing) : EMPTY,
  );
  const [scope, kind, currency] = useWatch({ control: form.control, name: ['scope', 'kind', 'currency'] });
  const field = (name: 'origin' | 'destination' | 'airlineCode' | 'value') => ({
    error: errorOf(name),
    ...form.register(name),
  });

  const submit = form.handleSubmit((input) => {
    const request: MarkupAction = props.editing
      ? { kind: 'update', id: props.editing.id, input }
      : { kind: 'create', input };
    return action.mutateAsync(request).then(() => {
      notify.success(t('admin.markups.saved'));
      form.reset(EMPTY);
      props.onDone();
    }, showFailure);
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={props.editing ? t('admin.markups.editTitle') : t('admin.markups.add')}
      className="mt-4 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700"
    >
      <h2 className="text-lg font-semibold sm:col-span-3">
        {props.editing ? t('admin.markups.editTitle') : t('admin.markups.add')}
      </h2>
      <SelectField
        label={t('admin.markups.scope')}
        options={SCOPES.map((scope) => [scope, t(`admin.markups.scopes.${scope}`)])}
        error={errorOf('scope')}
        {...form.register('scope')}
      />
      {scope === 'route' && (
        <>
          <TextField label={t('admin.markups.origin')} maxLength={3} {...field('origin')} />
          <TextField label={t('admin.markups.destination')} maxLength={3} {...field('destination')} />
        </>
      )}
      {scope === 'airline' && (
        <TextField label={t('admin.markups.airline')} maxLength={2} {...field('airlineCode')} />
      )}
      <SelectField
        label={t('admin.markups.kind')}
        options={[
          ['percent', t('admin.markups.kinds.percent')],
          ['fixed', t('admin.markups.kinds.fixed')],
        ]}
        {...form.register('kind')}
      />
      <TextField
        label={
          kind === 'percent' ? t('admin.markups.percentLabel') : t('admin.markups.amountLabel', { currency })
        }
        inputMode="decimal"
        {...field('value')}
      />
      {kind === 'fixed' && (
        <SelectField
          label={t('admin.markups.currency')}
          options={[
            ['NPR', 'NPR'],
            ['USD', 'USD'],
          ]}
          error={errorOf('currency')}
          {...form.register('currency')}
        />
      )}
      <div className="flex gap-2 sm:col-span-3">
        <SubmitButton busy={action.isPending}>{t('admin.markups.save')}</SubmitButton>
        {props.editing && (
          <button type="button" className={secondaryButtonClass} onClick={props.onDone}>
            {t('admin.markups.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
