import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { depositRequestInput } from '#shared/deposit-requests';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { FieldError } from '../../../components/ui/field-error';
import { fieldClass } from '../../../components/ui/form-styles';
import { LocaleDateInput } from '../../../components/ui/locale-date-input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { bsLabel, formatAdDate, todayInNepal } from '../../../lib/dates';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateDepositRequest } from '../api/create-deposit-request';
import { useDepositRequests } from '../api/get-deposit-requests';

/** The largest slip the form sends (the server's UPLOAD_MAX_BYTES default). */
const MAX_SLIP_BYTES = 2_000_000;

/** Rupees as typed ("25,000.50") → paisa; the reference and date as the API checks them. */
const depositForm = (messages: { amount: string; date: string }) =>
  z.object({
    amount: z.string().transform((rupees, context) => {
      const text = rupees.trim().replace(/,/g, '');
      const paisa = /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : 0;
      if (paisa > 0) return paisa;
      context.addIssue({ code: 'custom', message: messages.amount });
      return z.NEVER;
    }),
    reference: depositRequestInput.shape.reference,
    deposited_on: z.string().min(1, messages.date).pipe(depositRequestInput.shape.deposited_on),
  });

const EMPTY = { amount: '', reference: '', deposited_on: '' };

/** A file as base64, for the JSON body. */
function base64Of(file: File): Promise<string> {
  return file.arrayBuffer().then((buffer) => {
    let binary = '';
    const bytes = new Uint8Array(buffer);
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
}

/**
 * "Request a top-up" (docs/finance-statements.md#deposit-requests): the amount in rupees, the bank's
 * reference, the day in the language's date order, the slip; below, the agent's requests.
 */
export function DepositRequestForm(props: { card: string; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const dateId = useId();
  const slipId = useId();
  const [slip, setSlip] = useState<File | null>(null);
  const [slipError, setSlipError] = useState<string | undefined>();
  const create = useCreateDepositRequest();
  const requests = useDepositRequests();
  const { form, errorOf, showFailure } = useZodForm(
    depositForm({ amount: t('deposits.amountInvalid'), date: t('deposits.dateRequired') }),
    EMPTY,
  );
  const submit = form.handleSubmit(async (input) => {
    if (slip && slip.size > MAX_SLIP_BYTES) return setSlipError(t('deposits.slipTooLarge'));
    try {
      const data = slip ? { content_type: slip.type, data: await base64Of(slip) } : undefined;
      await create.mutateAsync({ ...input, ...(data ? { slip: data } : {}) });
      notify.success(t('deposits.sent'));
      form.reset(EMPTY);
      setSlip(null);
      setSlipError(undefined);
    } catch (error) {
      showFailure(error);
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (fields?.slip) setSlipError(fields.slip);
    }
  });
  const money = (amount: number) => formatMoney(amount, props.currency, language);
  const dateError = errorOf('deposited_on');
  return (
    <section className={props.card} aria-labelledby="deposit-title">
      <h2 id="deposit-title" className="text-lg font-semibold">
        {t('deposits.title')}
      </h2>
      <p className="mt-1 text-sm">{t('deposits.intro')}</p>
      <form
        noValidate
        aria-labelledby="deposit-title"
        className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2"
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          label={t('deposits.amount', { currency: props.currency })}
          inputMode="decimal"
          error={errorOf('amount')}
          {...form.register('amount')}
        />
        <TextField
          label={t('deposits.reference')}
          error={errorOf('reference')}
          {...form.register('reference')}
        />
        <div className="grid gap-1 text-sm">
          <label htmlFor={dateId} className="font-medium">
            {t('deposits.depositedOn')}
          </label>
          <Controller
            control={form.control}
            name="deposited_on"
            render={({ field }) => (
              <LocaleDateInput
                id={dateId}
                name={field.name}
                required
                max={todayInNepal()}
                className={fieldClass(Boolean(dateError))}
                value={field.value}
                invalid={Boolean(dateError)}
                describedBy={dateError ? `${dateId}-error` : undefined}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <FieldError id={`${dateId}-error`} error={dateError} />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-1 text-sm">
          <label htmlFor={slipId} className="font-medium">
            {t('deposits.slip')}
          </label>
          <input
            id={slipId}
            type="file"
            className="w-full min-w-0"
            accept="image/png,image/jpeg,image/webp,application/pdf"
            aria-invalid={slipError ? true : undefined}
            aria-describedby={slipError ? `${slipId}-error` : undefined}
            onChange={(event) => {
              setSlip(event.target.files?.[0] ?? null);
              setSlipError(undefined);
            }}
          />
          <FieldError id={`${slipId}-error`} error={slipError} />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton busy={create.isPending}>{t('deposits.submit')}</SubmitButton>
        </div>
      </form>
      <h3 className="mt-6 font-semibold">{t('deposits.yours')}</h3>
      {requests.data && requests.data.items.length === 0 && <p className="text-sm">{t('deposits.none')}</p>}
      <ul className="mt-2 grid gap-2" data-testid="deposit-requests">
        {requests.data?.items.map((request) => (
          <li
            key={request.id}
            className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
          >
            <span className="font-semibold">{money(request.amount)}</span> · {request.reference} ·{' '}
            {formatAdDate(request.deposited_on, language)} ({bsLabel(request.deposited_on, language)}) ·{' '}
            <strong data-status={request.status}>{t(`deposits.status.${request.status}`)}</strong>
            {request.note && <span className="block">{t('deposits.note', { note: request.note })}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
