import { Link, useSearchParams } from 'react-router';
import { loginRequest } from '#shared/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useSiteConfig } from '../../lib/app-context';
import { useTranslation } from '../../lib/i18n';
import { useLogIn } from '../../lib/session/log-in';
import { AuthCard } from './auth-card';
import { useAuthForm } from './use-auth-form';
import { useReturnAfterSignIn } from './use-return-after-sign-in';

export function LoginPage() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const [searchParams] = useSearchParams();
  const logIn = useLogIn();
  const returnAfterSignIn = useReturnAfterSignIn();
  const { form, errorOf, formError, busy, onSubmit } = useAuthForm(
    loginRequest,
    { login: '', password: '' },
    async (body) => {
      await logIn.mutateAsync(body);
      returnAfterSignIn();
    },
  );
  const next = searchParams.get('next');

  return (
    <AuthCard title={t('pages.logIn.title')} intro={t('pages.logIn.intro')} error={formError}>
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <TextField
          label={t('auth.emailOrMobile')}
          autoComplete="username"
          error={errorOf('login')}
          {...form.register('login')}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          error={errorOf('password')}
          {...form.register('password')}
        />
        <Button type="submit" busy={busy} className="w-full">
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
