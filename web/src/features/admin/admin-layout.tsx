import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { loginRequest } from '#shared/accounts';
import { FormError } from '../../components/ui/field-error';
import { secondaryButtonClass } from '../../components/ui/form-styles';
import { SubmitButton } from '../../components/ui/submit-button';
import { TestPaymentsRibbon } from '../../components/ui/test-payments-ribbon';
import { TextField } from '../../components/ui/text-field';
import { useSiteConfig } from '../../lib/app-context';
import { addTranslations, useTranslation } from '../../lib/i18n';
import { meQueryOptions } from '../../lib/session/get-me';
import { useLogIn } from '../../lib/session/log-in';
import { useLogOut } from '../../lib/session/log-out';
import { useErrorText } from '../../lib/use-error-toast';
import { useZodForm } from '../../lib/use-zod-form';
import { AdminNav } from './admin-nav';
import { cockpitEn } from './locales/cockpit-en';
import { cockpitNe } from './locales/cockpit-ne';
import { adminEn } from './locales/en';
import { adminNe } from './locales/ne';

addTranslations({
  en: { admin: { ...adminEn, cockpit: cockpitEn } },
  ne: { admin: { ...adminNe, cockpit: cockpitNe } },
});

/** The console's frame: log-in when nobody is signed in, a refusal for non-admins, else the sections. */
export function AdminLayout() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const me = useQuery(meQueryOptions());
  const logOut = useLogOut();

  useEffect(() => {
    document.title = `${t('admin.title')} | ${config.displayName}`;
  }, [t, config.displayName]);

  const ribbon = config.paymentsMode === 'test' && <TestPaymentsRibbon />;
  if (me.isPending) return <p className="p-8">{t('admin.loading')}</p>;
  if (!me.data)
    return (
      <>
        {ribbon}
        <AdminLogin />
      </>
    );

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      {ribbon}
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-semibold">
            {t('admin.title')} · {config.displayName}
          </p>
          <div className="flex items-center gap-3 text-sm">
            <span>
              {me.data.name}
              {me.data.staff_role && (
                <span className="text-slate-500"> · {t(`admin.staff.roles.${me.data.staff_role}`)}</span>
              )}
            </span>
            <Link to="/" className="underline">
              {t('admin.viewSite')}
            </Link>
            <button type="button" className={secondaryButtonClass} onClick={() => void logOut()}>
              {t('admin.logOut')}
            </button>
          </div>
        </div>
        {me.data.type === 'admin' && <AdminNav role={me.data.staff_role} />}
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        {me.data.type === 'admin' ? <Outlet /> : <p role="alert">{t('admin.notAdmin')}</p>}
      </main>
    </div>
  );
}

function AdminLogin() {
  const { t } = useTranslation();
  const logIn = useLogIn();
  const { form, errorOf } = useZodForm(loginRequest, { login: '', password: '' });
  const errorText = useErrorText();
  const error = logIn.error ? errorText(logIn.error) : '';
  const submit = form.handleSubmit((input) => logIn.mutateAsync(input).catch(() => undefined));

  return (
    <main id="main" className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-semibold">{t('admin.login.title')}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('admin.login.intro')}</p>
      <form className="mt-6 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('admin.login.login')}
          autoComplete="username"
          required
          error={errorOf('login')}
          {...form.register('login')}
        />
        <TextField
          label={t('admin.login.password')}
          type="password"
          autoComplete="current-password"
          required
          error={errorOf('password')}
          {...form.register('password')}
        />
        <FormError error={error} />
        <SubmitButton busy={logIn.isPending} className="w-full">
          {t('admin.login.submit')}
        </SubmitButton>
      </form>
    </main>
  );
}
