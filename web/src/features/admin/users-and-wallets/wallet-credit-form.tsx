import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { topUpRequest } from '#shared/admin-money';
import type { PendingApprovalResult } from '#shared/approvals';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { ConfirmDialog, ConfirmLine } from '../shared/confirm-dialog';
import { rupeesAsPaisa } from '../shared/money-input';

/** Rupees as typed → paisa; the reference and note as the API checks them (top-ups and settlements alike). */
const walletCreditForm = (messages: { amount: string; reference: string }) =>
  z.object({
    amount: rupeesAsPaisa(messages.amount),
    reference: z.string().trim().min(1, messages.reference).pipe(topUpRequest.shape.reference),
    note: z
      .string()
      .trim()
      .transform((note) => note || undefined)
      .pipe(topUpRequest.shape.note),
  });

const EMPTY = { amount: '', reference: '', note: '' };

/** Translation keys of one kind of credit: the form's name and button, its fields, its success line. */
export interface WalletCreditText {
  action: string;
  amount: string;
  reference: string;
  referenceRequired: string;
  done: string;
}

/**
 * Money the admin credits to an agent's wallet with an outside reference (a top-up, a settlement):
 * the same reference twice is answered as a replay, not credited again.
 */
export function WalletCreditForm(props: {
  currency: CurrencyCode;
  text: WalletCreditText;
  /** The wallet's owner, named in the confirmation. */
  accountName: string;
  /** A top-up carries a note; a settlement only its reference. */
  withNote: boolean;
  /** A top-up above the brand's threshold answers a pending approval instead (docs/admin.md#four-eyes-approvals). */
  credit: Pick<
    UseMutationResult<
      { replayed: boolean; balance: number } | PendingApprovalResult,
      Error,
      { amount: number; reference: string; note?: string | undefined }
    >,
    'isPending' | 'mutateAsync'
  >;
}) {
  const { t } = useTranslation();
  const { text, credit } = props;
  const { form, errorOf, showFailure } = useZodForm(
    walletCreditForm({ amount: t('admin.wallet.amountInvalid'), reference: t(text.referenceRequired) }),
    EMPTY,
  );
  const [pending, setPending] = useState<z.output<ReturnType<typeof walletCreditForm>> | null>(null);
  const money = (amount: number) => formatMoney(amount, props.currency, currentLanguage());
  // The form only asks; the money moves once the dialog naming the account and amount is confirmed.
  const submit = form.handleSubmit((input) => setPending(input));
  const confirm = () => {
    if (!pending) return;
    credit.mutateAsync(pending).then(
      (result) => {
        setPending(null);
        notify.success(
          'approval' in result
            ? t('admin.approvals.awaiting')
            : result.replayed
              ? t('admin.wallet.replayed')
              : t(text.done, { balance: money(result.balance) }),
        );
        form.reset(EMPTY);
      },
      (failure: unknown) => {
        setPending(null);
        showFailure(failure);
      },
    );
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mt-4 grid gap-4 sm:grid-cols-3"
      aria-label={t(text.action)}
    >
      <TextField
        label={t(text.amount, { currency: props.currency })}
        inputMode="decimal"
        error={errorOf('amount')}
        {...form.register('amount')}
      />
      <TextField label={t(text.reference)} error={errorOf('reference')} {...form.register('reference')} />
      {props.withNote ? (
        <TextField label={t('admin.wallet.noteLabel')} error={errorOf('note')} {...form.register('note')} />
      ) : null}
      <div className={props.withNote ? 'sm:col-span-3' : 'self-end'}>
        <SubmitButton busy={credit.isPending}>{t(text.action)}</SubmitButton>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={t('admin.cockpit.confirm.title', { action: t(text.action) })}
        confirmLabel={t(text.action)}
        busy={credit.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <ConfirmLine label={t('admin.cockpit.confirm.account')} value={props.accountName} />
        <ConfirmLine label={t('admin.cockpit.confirm.amount')} value={money(pending?.amount ?? 0)} />
        <ConfirmLine label={t(text.reference)} value={pending?.reference ?? ''} />
      </ConfirmDialog>
    </form>
  );
}
