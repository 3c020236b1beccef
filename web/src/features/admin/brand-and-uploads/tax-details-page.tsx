import toast from 'react-hot-toast';
import { z } from 'zod';
import { type BrandTaxProfile, brandTaxProfileInput, type FinanceSettings } from '#shared/finance';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useTranslation } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useFinanceSettings } from './api/get-finance-settings';
import { useTaxProfile } from './api/get-tax-profile';
import { useSaveFinanceSettings } from './api/save-finance-settings';
import { useSaveTaxProfile } from './api/save-tax-profile';

/** The seller's tax details (docs/finance.md): what the brand's tax invoices and credit notes print. */
export function TaxDetailsPage() {
  const { t } = useTranslation();
  const profile = useTaxProfile();
  return (
    <section aria-labelledby="tax-details-heading">
      <h1 id="tax-details-heading" className="text-2xl font-semibold">
        {t('admin.finance.tax.title')}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('admin.finance.tax.intro')}</p>
      {profile.isError && <p role="alert">{t('messages.genericError')}</p>}
      {profile.isPending ? (
        <p>{t('admin.loading')}</p>
      ) : (
        profile.isSuccess && <TaxDetailsForm profile={profile.data} />
      )}
      <VoidFees />
    </section>
  );
}

/** The void fees in rupees and dollars as typed; the API takes minor units (docs/bookings.md#void). */
const voidFeesForm = z.object({
  void_fee_npr: z.coerce.number<string>().min(0, 'Enter 0 or more.').max(1_000_000),
  void_fee_usd: z.coerce.number<string>().min(0, 'Enter 0 or more.').max(10_000),
});

function VoidFees() {
  const { t } = useTranslation();
  const settings = useFinanceSettings();
  return (
    <section aria-labelledby="void-fees-heading" className="mt-8">
      <h2 id="void-fees-heading" className="text-lg font-semibold">
        {t('admin.finance.tax.voidFees')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t('admin.finance.tax.voidFeesIntro')}
      </p>
      {settings.isError && <p role="alert">{t('messages.genericError')}</p>}
      {settings.isSuccess && <VoidFeesForm settings={settings.data} />}
    </section>
  );
}

function VoidFeesForm(props: { settings: FinanceSettings }) {
  const { t } = useTranslation();
  const save = useSaveFinanceSettings();
  const { form, errorOf, showFailure } = useZodForm(voidFeesForm, {
    void_fee_npr: String(props.settings.void_fee_npr / 100),
    void_fee_usd: String(props.settings.void_fee_usd / 100),
  });
  const submit = form.handleSubmit((input) =>
    save
      .mutateAsync({
        void_fee_npr: Math.round(input.void_fee_npr * 100),
        void_fee_usd: Math.round(input.void_fee_usd * 100),
      })
      .then(() => toast.success(t('admin.finance.tax.voidFeesSaved')), showFailure),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 grid max-w-xl gap-4">
      <TextField
        label={t('admin.finance.tax.voidFeeNpr')}
        inputMode="decimal"
        error={errorOf('void_fee_npr')}
        {...form.register('void_fee_npr')}
      />
      <TextField
        label={t('admin.finance.tax.voidFeeUsd')}
        inputMode="decimal"
        error={errorOf('void_fee_usd')}
        {...form.register('void_fee_usd')}
      />
      <div>
        <SubmitButton busy={save.isPending}>{t('admin.finance.tax.saveVoidFees')}</SubmitButton>
      </div>
    </form>
  );
}

function TaxDetailsForm(props: { profile: BrandTaxProfile }) {
  const { t } = useTranslation();
  const save = useSaveTaxProfile();
  const { form, errorOf, showFailure } = useZodForm(brandTaxProfileInput, {
    legalName: props.profile?.legalName ?? '',
    address: props.profile?.address ?? '',
    pan: props.profile?.pan ?? '',
    vatNumber: props.profile?.vatNumber ?? '',
  });
  const submit = form.handleSubmit((input) =>
    save.mutateAsync(input).then(() => toast.success(t('admin.finance.tax.saved')), showFailure),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 grid max-w-xl gap-4">
      <TextField
        label={t('admin.finance.tax.legalName')}
        error={errorOf('legalName')}
        {...form.register('legalName')}
      />
      <TextField
        label={t('admin.finance.tax.address')}
        error={errorOf('address')}
        {...form.register('address')}
      />
      <TextField
        label={t('admin.finance.tax.pan')}
        inputMode="numeric"
        error={errorOf('pan')}
        {...form.register('pan')}
      />
      <TextField
        label={t('admin.finance.tax.vatNumber')}
        inputMode="numeric"
        error={errorOf('vatNumber')}
        {...form.register('vatNumber')}
      />
      <div>
        <SubmitButton busy={save.isPending}>{t('admin.finance.tax.save')}</SubmitButton>
      </div>
    </form>
  );
}
