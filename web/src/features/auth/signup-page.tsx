import { Link } from 'react-router';
import { signupRequest } from '#shared/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useSiteConfig } from '../../lib/app-context';
import { useTranslation } from '../../lib/i18n';
import { useRememberSignedInUser } from '../../lib/session/signed-in-user';
import { signUp } from './api/sign-up';
import { AuthCard } from './auth-card';
import { useAuthForm } from './use-auth-form';
import { useReturnAfterSignIn } from './use-return-after-sign-in';

export function SignupPage() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const remember = useRememberSignedInUser();
  const returnAfterSignIn = useReturnAfterSignIn();
  const { form, errorOf, formError, busy, onSubmit } = useAuthForm(
    signupRequest,
    { firstName: '', lastName: '', email: '', mobile: '', password: '' },
    async (body) => {
      remember(await signUp(body));
      returnAfterSignIn();
    },
  );
  const field = (name: 'firstName' | 'lastName' | 'email' | 'mobile' | 'password') => ({
    error: errorOf(name),
    ...form.register(name),
  });

  if (!config.selfLogin) {
    return <AuthCard title={t('pages.signUp.title')} intro={t('auth.signupClosed')} />;
  }
  return (
    <AuthCard title={t('pages.signUp.title')} intro={t('pages.signUp.intro')} error={formError}>
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
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
        <Button type="submit" busy={busy} className="w-full">
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
