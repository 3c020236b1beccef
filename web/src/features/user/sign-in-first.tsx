import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addTranslations } from '../../lib/i18n';
import { myBookingsStrings } from './my-bookings-strings';

addTranslations(myBookingsStrings);

export function SignInFirst(props: { title: string; next: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-semibold">{props.title}</h1>
      <p className="mt-2">{t('myBookings.logIn')}</p>
      <Link
        to={`/auth/login?next=${encodeURIComponent(props.next)}`}
        className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast"
      >
        {t('header.logIn')}
      </Link>
    </section>
  );
}
