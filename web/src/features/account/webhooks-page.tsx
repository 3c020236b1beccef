import { SignInFirst } from '../../components/ui/sign-in-first';
import { WebhooksPanel } from '../../components/webhooks/webhooks-panel';
import { useTranslation } from '../../lib/i18n';
import { useSignedInUser } from '../../lib/session/signed-in-user';

/** Account → Webhooks (docs/webhooks.md): an agent's own, beside their API keys. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (!user) return <SignInFirst title={t('webhooks.title')} next="/account/webhooks" />;
  if (user.type !== 'agent' && user.type !== 'admin') {
    return (
      <section className="grid gap-4">
        <h1 className="text-2xl font-semibold">{t('webhooks.title')}</h1>
        <p>{t('webhooks.agentsOnly')}</p>
      </section>
    );
  }
  return <WebhooksPanel intro={t('webhooks.intro')} />;
}
