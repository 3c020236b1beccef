import { z } from 'zod';
import { type CommissionPolicy, commissionPolicyRequest } from '#shared/commissions';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { useChangeCommission } from './api/change-commission';
import { percentText } from './commission-parts';

/** The percentages as typed, then the API's own check (the default is not above the maximum). */
const policyForm = (message: string) =>
  z
    .object({
      defaultGrantedCommissionPercent: percentText(message),
      maxGrantedCommissionPercent: percentText(message),
    })
    .pipe(commissionPolicyRequest);

/** The brand's default and maximum granted commission. */
export function CommissionPolicyForm(props: { policy: CommissionPolicy }) {
  const { t } = useTranslation();
  const action = useChangeCommission();
  const { form, errorOf, showFailure } = useZodForm(policyForm(t('admin.commissions.percentInvalid')), {
    defaultGrantedCommissionPercent: String(props.policy.defaultGrantedCommissionPercent),
    maxGrantedCommissionPercent: String(props.policy.maxGrantedCommissionPercent),
  });

  const submit = form.handleSubmit((input) =>
    action
      .mutateAsync({ kind: 'policy', input })
      .then(() => notify.success(t('admin.commissions.saved')), showFailure),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('admin.commissions.policy')}
      className="mt-4 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700"
    >
      <h2 className="text-lg font-semibold sm:col-span-3">{t('admin.commissions.policy')}</h2>
      <TextField
        label={t('admin.commissions.default')}
        inputMode="decimal"
        error={errorOf('defaultGrantedCommissionPercent')}
        {...form.register('defaultGrantedCommissionPercent')}
      />
      <TextField
        label={t('admin.commissions.max')}
        inputMode="decimal"
        error={errorOf('maxGrantedCommissionPercent')}
        {...form.register('maxGrantedCommissionPercent')}
      />
      <div className="flex items-end">
        <SubmitButton busy={action.isPending}>{t('admin.commissions.savePolicy')}</SubmitButton>
      </div>
    </form>
  );
}
