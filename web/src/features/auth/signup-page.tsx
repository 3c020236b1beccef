import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signupRequest } from '#shared/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useSiteConfig } from '../../lib/app-context';
import { signup } from './api/session';
import { AuthCard } from './auth-card';
import { useAuthForm } from './use-auth-form';
import { useSignedIn } from './use-signed-in';

export function SignupPage() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const signedIn = useSignedIn();
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', mobile: '', password: '' });
  const form = useAuthForm(signupRequest, async (body) => signedIn(await signup(body)));
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: form.errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  if (!config.selfLogin) {
    return <AuthCard title={t('pages.signUp.title')} intro={t('auth.signupClosed')} />;
  }
  return (
    <AuthCard title={t('pages.signUp.title')} intro={t('pages.signUp.intro')} error={form.formError}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void form.onSubmit(values);
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('auth.firstName')} autoComplete="given-name" {...field('firstName')} />
          <TextField label={t('auth.lastName')} autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label={t('auth.email')} type="email" autoComplete="email" {...field('email')} />
        <TextField
          label={t('auth.mobile')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+977 98XXXXXXXX"
          {...field('mobile')}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          {...field('password')}
        />
        <Button type="submit" busy={form.busy} className="w-full">
          {t('header.signUp')}
        </Button>
      </form>
      <p className="mt-4 text-sm">
        <Link to="/auth/login" className="underline">
          {t('auth.haveAccount')}
        </Link>
      </p>
    </AuthCard>
  );
}
