import { useState } from 'react';
import { Link } from 'react-router';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { createSubAgentRequest, type SubAgent } from '#shared/sub-agents';
import { secondaryButtonClass } from '../../components/ui/form-styles';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { addTranslations, currentLanguage, useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { useErrorToast } from '../../lib/use-error-toast';
import { useZodForm } from '../../lib/use-zod-form';
import { useCreateSubAgent } from './api/create-sub-agent';
import { useFundSubAgent } from './api/fund-sub-agent';
import { useSubAgents } from './api/get-sub-agents';
import { useSetSubAgentGrant } from './api/set-sub-agent-grant';
import { useSetSubAgentMarkup } from './api/set-sub-agent-markup';
import { subAgentStrings } from './sub-agent-strings';

addTranslations(subAgentStrings);

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';

/**
 * Account → Sub-agents (docs/accounts.md#sub-agents): a master agent's sub-agents with their balances, a form
 * to create one (they get an e-mail to choose a password), and per sub-agent, funding from the
 * master's wallet, the part of the master's commission passed to them and the master's own markup
 * on their price.
 */
export function SubAgentsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (!user) {
    return (
      <section className="mx-auto max-w-md py-12 text-center">
        <h1 className="text-2xl font-semibold">{t('subAgents.title')}</h1>
        <Link
          to={`/auth/login?next=${encodeURIComponent('/account/sub-agents')}`}
          className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast"
        >
          {t('header.logIn')}
        </Link>
      </section>
    );
  }
  return <SubAgents />;
}

function SubAgents() {
  const { t } = useTranslation();
  const list = useSubAgents();
  if (list.error instanceof ApiError && list.error.status === 403) {
    return (
      <section className="grid gap-4">
        <h1 className="text-2xl font-semibold">{t('subAgents.title')}</h1>
        <p>{t('subAgents.mastersOnly')}</p>
      </section>
    );
  }
  const data = list.data;
  const money = (amount: number) =>
    formatMoney(amount, (data?.wallet_currency ?? 'NPR') as CurrencyCode, currentLanguage());
  return (
    <section className="grid gap-6" aria-labelledby="sub-agents-title">
      <div>
        <h1 id="sub-agents-title" className="text-2xl font-semibold">
          {t('subAgents.title')}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('subAgents.intro')}</p>
      </div>
      {list.isPending && <p role="status">{t('booking.loading')}</p>}
      {list.isError && !(list.error instanceof ApiError && list.error.status === 403) && (
        <p role="alert">{t('messages.genericError')}</p>
      )}
      {data && (
        <dl className={`${card} grid grid-cols-2 gap-2 sm:grid-cols-3`}>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t('subAgents.yourBalance')}</dt>
            <dd className="text-lg font-semibold" data-testid="master-balance">
              {money(data.master_wallet_balance)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t('subAgents.yourCommission')}</dt>
            <dd className="text-lg font-semibold">{data.master_granted_commission_percent} %</dd>
          </div>
        </dl>
      )}
      {data && <CreateSubAgentForm maxPercent={data.master_granted_commission_percent} />}
      {data?.items.length === 0 && <p>{t('subAgents.none')}</p>}
      {data && data.items.length > 0 && (
        <ul className="grid gap-3" aria-label={t('subAgents.yours')}>
          {data.items.map((subAgent) => (
            <SubAgentItem
              key={subAgent.id}
              subAgent={subAgent}
              money={money}
              maxPercent={data.master_granted_commission_percent}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateSubAgentForm({ maxPercent }: { maxPercent: number }) {
  const { t } = useTranslation();
  const create = useCreateSubAgent();
  const { form, errorOf, showFailure } = useZodForm(createSubAgentRequest, {
    first_name: '',
    last_name: '',
    email: '',
    mobile: '',
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      notify.success(t('subAgents.created', { name: created.name, email: created.email ?? '' }));
      form.reset();
    } catch (error) {
      showFailure(error);
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${card} grid gap-3 sm:grid-cols-2`}
      aria-label={t('subAgents.create')}
    >
      <h2 className="text-lg font-semibold sm:col-span-2">{t('subAgents.create')}</h2>
      <TextField
        label={t('subAgents.firstName')}
        error={errorOf('first_name')}
        {...form.register('first_name')}
      />
      <TextField
        label={t('subAgents.lastName')}
        error={errorOf('last_name')}
        {...form.register('last_name')}
      />
      <TextField
        label={t('subAgents.email')}
        type="email"
        error={errorOf('email')}
        {...form.register('email')}
      />
      <TextField
        label={t('subAgents.mobile')}
        type="tel"
        error={errorOf('mobile')}
        {...form.register('mobile')}
      />
      <TextField
        label={t('subAgents.grant')}
        hint={t('subAgents.grantHint', { max: maxPercent })}
        inputMode="decimal"
        error={errorOf('granted_commission_percent')}
        {...form.register('granted_commission_percent', {
          setValueAs: (value: string) => (value === '' || value === undefined ? undefined : Number(value)),
        })}
      />
      <SubmitButton busy={create.isPending} className="justify-self-start sm:col-span-2">
        {t('subAgents.create')}
      </SubmitButton>
    </form>
  );
}

function SubAgentItem({
  subAgent,
  money,
  maxPercent,
}: {
  subAgent: SubAgent;
  money: (amount: number) => string;
  maxPercent: number;
}) {
  const { t } = useTranslation();
  const fund = useFundSubAgent();
  const grant = useSetSubAgentGrant();
  const markup = useSetSubAgentMarkup();
  const showError = useErrorToast();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  // One key per transfer the master means: a retried request moves the money once.
  const [transferKey, setTransferKey] = useState(() => crypto.randomUUID());
  const [percent, setPercent] = useState(String(subAgent.granted_commission_percent));
  const [percentError, setPercentError] = useState<string | undefined>();
  const [markupPercent, setMarkupPercent] = useState(String(subAgent.master_markup_percent));
  const [markupError, setMarkupError] = useState<string | undefined>();

  const onFund = async (event: React.FormEvent) => {
    event.preventDefault();
    const rupees = Number(amount);
    if (!amount || !Number.isFinite(rupees) || rupees <= 0) {
      setAmountError(t('subAgents.amountInvalid'));
      return;
    }
    setAmountError(undefined);
    try {
      await fund.mutateAsync({
        id: subAgent.id,
        amount: Math.round(rupees * 100),
        idempotencyKey: transferKey,
      });
      notify.success(t('subAgents.funded', { amount: money(Math.round(rupees * 100)), name: subAgent.name }));
      setAmount('');
      setTransferKey(crypto.randomUUID());
    } catch (error) {
      showError(error);
    }
  };
  const onGrant = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(percent);
    if (percent === '' || !Number.isFinite(value) || value < 0 || value > maxPercent) {
      setPercentError(t('subAgents.grantHint', { max: maxPercent }));
      return;
    }
    setPercentError(undefined);
    try {
      await grant.mutateAsync({ id: subAgent.id, percent: value });
      notify.success(t('subAgents.grantSaved', { name: subAgent.name }));
    } catch (error) {
      if (error instanceof ApiError && error.fields.granted_commission_percent)
        setPercentError(error.fields.granted_commission_percent);
      showError(error);
    }
  };
  const onMarkup = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(markupPercent);
    if (markupPercent === '' || !Number.isFinite(value) || value < 0 || value > 20) {
      setMarkupError(t('subAgents.masterMarkupHint'));
      return;
    }
    setMarkupError(undefined);
    try {
      await markup.mutateAsync({ id: subAgent.id, percent: value });
      notify.success(t('subAgents.markupSaved', { name: subAgent.name }));
    } catch (error) {
      if (error instanceof ApiError && error.fields.master_markup_percent)
        setMarkupError(error.fields.master_markup_percent);
      showError(error);
    }
  };
  return (
    <li className={`${card} grid gap-3`} data-testid={`sub-agent-${subAgent.email ?? subAgent.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <p className="font-semibold">{subAgent.name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {subAgent.email} {subAgent.mobile ? `· ${subAgent.mobile}` : ''} ·{' '}
            {subAgent.active ? t('subAgents.active') : t('subAgents.invited')}
          </p>
        </div>
        <p>
          <span className="text-sm text-slate-600 dark:text-slate-400">{t('subAgents.balance')} </span>
          <span className="font-semibold" data-testid="sub-agent-balance">
            {money(subAgent.wallet_balance)}
          </span>
        </p>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('subAgents.terms', {
          grant: subAgent.granted_commission_percent,
          markup: subAgent.markup_percent,
        })}{' '}
        <span data-testid="master-terms">
          {t('subAgents.masterTerms', { percent: subAgent.master_markup_percent })}
        </span>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <form
          onSubmit={onFund}
          noValidate
          className="flex items-end gap-2"
          aria-label={t('subAgents.fundFor', { name: subAgent.name })}
        >
          <TextField
            label={t('subAgents.amount')}
            inputMode="decimal"
            value={amount}
            error={amountError}
            onChange={(event) => setAmount(event.target.value)}
            className="flex-1"
          />
          <button type="submit" className={secondaryButtonClass} disabled={fund.isPending}>
            {t('subAgents.fund')}
          </button>
        </form>
        <form
          onSubmit={onGrant}
          noValidate
          className="flex items-end gap-2"
          aria-label={t('subAgents.grantFor', { name: subAgent.name })}
        >
          <TextField
            label={t('subAgents.grant')}
            inputMode="decimal"
            value={percent}
            error={percentError}
            onChange={(event) => setPercent(event.target.value)}
            className="flex-1"
          />
          <button type="submit" className={secondaryButtonClass} disabled={grant.isPending}>
            {t('subAgents.saveGrant')}
          </button>
        </form>
        <form
          onSubmit={onMarkup}
          noValidate
          className="flex items-end gap-2"
          aria-label={t('subAgents.markupFor', { name: subAgent.name })}
        >
          <TextField
            label={t('subAgents.masterMarkup')}
            inputMode="decimal"
            value={markupPercent}
            error={markupError}
            onChange={(event) => setMarkupPercent(event.target.value)}
            className="flex-1"
          />
          <button type="submit" className={secondaryButtonClass} disabled={markup.isPending}>
            {t('subAgents.saveGrant')}
          </button>
        </form>
      </div>
    </li>
  );
}
