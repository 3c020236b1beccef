import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { loginRequest } from '#shared/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useSiteConfig } from '../../lib/app-context';
import { login } from './api/session';
import { AuthCard } from './auth-card';
import { useAuthForm } from './use-auth-form';
import { useSignedIn } from './use-signed-in';

export function LoginPage() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const [searchParams] = useSearchParams();
  const signedIn = useSignedIn();
  const [values, setValues] = useState({ login: '', password: '' });
  const form = useAuthForm(loginRequest, async (body) => signedIn(await login(body)));
  const next = searchParams.get('next');

  return (
    <AuthCard title={t('pages.logIn.title')} intro={t('pages.logIn.intro')} error={form.formError}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void form.onSubmit(values);
        }}
      >
        <TextField
          label={t('auth.emailOrMobile')}
          name="login"
          autoComplete="username"
          value={values.login}
          error={form.errors.login}
          onChange={(event) => setValues({ ...values, login: event.target.value })}
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={form.errors.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
        />
        <Button type="submit" busy={form.busy} className="w-full">
          {t('header.logIn')}
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/auth/forgot-password" className="underline">
          {t('auth.forgotPassword')}
        </Link>
        {config.selfLogin && (
          <Link
            to={next ? `/auth/signup?next=${encodeURIComponent(next)}` : '/auth/signup'}
            className="underline"
          >
            {t('auth.noAccount')}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
