import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { userTaxProfileInput } from '#shared/finance';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { addTranslations, useTranslation } from '../../lib/i18n';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { useZodForm } from '../../lib/use-zod-form';
import { accountStrings } from './account-strings';
import { type UserTaxProfile, useMyTaxProfile } from './api/get-tax-profile';
import { useSaveMyTaxProfile } from './api/save-tax-profile';

addTranslations(accountStrings);

/** Account → tax details (docs/finance.md): the name and PAN the buyer's tax invoices carry. */
export function TaxDetailsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const profile = useMyTaxProfile();
  if (!user) {
    return (
      <section className="mx-auto max-w-md py-12 text-center">
        <h1 className="text-2xl font-semibold">{t('taxDetails.title')}</h1>
        <Link
          to={`/auth/login?next=${encodeURIComponent('/account/tax-details')}`}
          className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast"
        >
          {t('header.logIn')}
        </Link>
      </section>
    );
  }
  return (
    <section className="grid max-w-xl gap-4">
      <h1 className="text-2xl font-semibold">{t('taxDetails.title')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('taxDetails.intro')}</p>
      {profile.isSuccess && <TaxDetailsForm profile={profile.data} />}
    </section>
  );
}

function TaxDetailsForm(props: { profile: UserTaxProfile }) {
  const { t } = useTranslation();
  const save = useSaveMyTaxProfile();
  const { form, errorOf, showFailure } = useZodForm(userTaxProfileInput, {
    buyer_name: props.profile?.buyer_name ?? '',
    pan: props.profile?.pan ?? '',
  });
  const submit = form.handleSubmit((input) =>
    save
      .mutateAsync({ pan: input.pan, buyer_name: input.buyer_name || null })
      .then(() => toast.success(t('taxDetails.saved')), showFailure),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <TextField
        label={t('taxDetails.buyerName')}
        error={errorOf('buyer_name')}
        {...form.register('buyer_name')}
      />
      <TextField
        label={t('taxDetails.pan')}
        inputMode="numeric"
        error={errorOf('pan')}
        {...form.register('pan')}
      />
      <div>
        <SubmitButton busy={save.isPending}>{t('taxDetails.save')}</SubmitButton>
      </div>
    </form>
  );
}
