import type { UserSessionDetails } from '#shared/accounts';
import { SignInFirst } from '../../components/ui/sign-in-first';
import { addTranslations, currentLanguage, useTranslation } from '../../lib/i18n';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { useErrorToast } from '../../lib/use-error-toast';
import { accountStrings } from './account-strings';
import { useEndUserSession, useUserSessions } from './api/user-sessions';

addTranslations(accountStrings);

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';

/** A date and time in Nepal, in the reader's language. */
const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(currentLanguage() === 'ne' ? 'ne-NP' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kathmandu',
  });

/** Account → Sessions (docs/accounts.md#sessions): where the user is signed in; ends any one of them. */
export function SessionsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (!user) return <SignInFirst title={t('sessions.title')} next="/account/sessions" />;
  return <Sessions />;
}

function Sessions() {
  const { t } = useTranslation();
  const sessions = useUserSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  return (
    <section className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('sessions.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('sessions.intro')}</p>
      </div>
      {sessions.isPending && <p role="status">{t('booking.loading')}</p>}
      <ul className="grid gap-3" aria-label={t('sessions.yours')}>
        {sessions.data?.map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
      {sessions.data && others.length === 0 && <p>{t('sessions.none')}</p>}
    </section>
  );
}

function SessionItem({ session }: { session: UserSessionDetails }) {
  const { t } = useTranslation();
  const end = useEndUserSession();
  const showError = useErrorToast();
  const browser = session.userAgent ?? t('sessions.unknownBrowser');
  return (
    <li
      data-testid="user-session"
      data-current={session.current}
      className={`${card} flex flex-wrap items-center justify-between gap-3`}
    >
      <div className="min-w-0">
        <p className="break-words font-semibold">
          {browser}
          {session.current && (
            <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">
              {t('sessions.thisDevice')}
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {session.ipAddress ?? t('sessions.unknownAddress')} ·{' '}
          {t('sessions.started', { date: formatWhen(session.createdAt) })} ·{' '}
          {t('sessions.lastUsed', { date: formatWhen(session.lastUsedAt) })}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          className="rounded-lg border border-red-600 px-3 py-1.5 text-sm font-semibold text-red-700"
          disabled={end.isPending}
          onClick={() => {
            if (window.confirm(t('sessions.confirmEnd', { browser })))
              end.mutate(session.id, { onError: showError });
          }}
        >
          {t('sessions.end')}
        </button>
      )}
    </li>
  );
}
