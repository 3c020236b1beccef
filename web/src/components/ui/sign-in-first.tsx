import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';

/** A page's place for a signed-out visitor: its title, an optional line, and a log-in link back to it. */
export function SignInFirst(props: { title: string; next: string; message?: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-semibold">{props.title}</h1>
      {props.message ? <p className="mt-2">{props.message}</p> : null}
      <Link
        to={`/auth/login?next=${encodeURIComponent(props.next)}`}
        className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast"
      >
        {t('header.logIn')}
      </Link>
    </section>
  );
}
