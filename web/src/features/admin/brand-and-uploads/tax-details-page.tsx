import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { type BrandTaxProfile, brandTaxProfileInput } from '#shared/finance';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useTaxProfile } from './api/get-tax-profile';
import { useSaveTaxProfile } from './api/save-tax-profile';

/** The seller's tax details (issue 20): what the brand's tax invoices and credit notes print. */
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
    </section>
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
