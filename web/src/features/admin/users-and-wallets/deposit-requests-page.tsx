import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { API_BASE_PATH } from '#shared/constants';
import type { AdminDepositRequest, DepositRequestStatus } from '#shared/deposit-requests';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { staffRoleMay } from '#shared/staff-roles';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { bsLabel, formatAdDate } from '../../../lib/dates';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { meQueryOptions } from '../../../lib/session/get-me';
import { useErrorToast } from '../../../lib/use-error-toast';
import { Pager, TableHead } from '../shared/admin-ui';
import { useDecideDepositRequest } from './api/decide-deposit-request';
import { useDepositRequests } from './api/get-deposit-requests';

const STATUSES = ['pending', 'approved', 'rejected', ''] as const;
const cell = 'py-2 pr-3 align-top';

/**
 * Deposit requests (docs/admin.md#deposit-requests): agents' bank deposits waiting for finance,
 * each with its slip; approving or rejecting asks for confirmation first. Staff whose role may not
 * move money (manageWallets) see the list only.
 */
export function DepositRequestsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DepositRequestStatus | ''>('pending');
  const [page, setPage] = useState(1);
  const requests = useDepositRequests(status, page);
  const me = useQuery(meQueryOptions());
  const mayDecide = staffRoleMay(me.data?.staff_role, 'manageWallets');
  const [deciding, setDeciding] = useState<{ id: number; decision: 'approve' | 'reject' } | null>(null);
  return (
    <section aria-labelledby="deposits-heading">
      <h1 id="deposits-heading" className="text-2xl font-semibold">
        {t('admin.depositRequests.title')}
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
        {t('admin.depositRequests.intro')}
      </p>
      <div className="mt-4 max-w-xs">
        <SelectField
          label={t('admin.depositRequests.show')}
          value={status}
          options={STATUSES.map((s) => [s, t(`admin.depositRequests.statuses.${s || 'all'}`)])}
          onChange={(event) => {
            setStatus(event.target.value as DepositRequestStatus | '');
            setPage(1);
          }}
        />
      </div>
      {requests.isError && <p role="alert">{t('messages.genericError')}</p>}
      {requests.data && (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('admin.depositRequests.caption')}</caption>
            <TableHead
              columns={(
                ['agent', 'amount', 'reference', 'depositedOn', 'slip', 'status', 'actions'] as const
              ).map((column) => t(`admin.depositRequests.columns.${column}`))}
            />
            <tbody>
              {requests.data.items.map((request) => (
                <DepositRequestRow
                  key={request.id}
                  request={request}
                  mayDecide={mayDecide && request.agent.id !== me.data?.userToken}
                  deciding={deciding?.id === request.id ? deciding.decision : null}
                  onDecide={(decision) => setDeciding(decision ? { id: request.id, decision } : null)}
                />
              ))}
            </tbody>
          </table>
          {requests.data.items.length === 0 && <p className="py-4">{t('admin.depositRequests.none')}</p>}
          <Pager {...requests.data} onPage={setPage} />
        </div>
      )}
    </section>
  );
}

function DepositRequestRow(props: {
  request: AdminDepositRequest;
  mayDecide: boolean;
  deciding: 'approve' | 'reject' | null;
  onDecide: (decision: 'approve' | 'reject' | null) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { request } = props;
  const money = (amount: number) => formatMoney(amount, request.currency as CurrencyCode, language);
  return (
    <>
      <tr className="border-b border-slate-200 dark:border-slate-700">
        <th scope="row" className={`${cell} font-medium`}>
          {request.agent.name}
          <span className="block text-xs font-normal">{request.agent.email}</span>
          <span className="block text-xs font-normal">
            {t('admin.depositRequests.balance', { balance: money(request.agent.balance) })}
          </span>
        </th>
        <td className={cell}>{money(request.amount)}</td>
        <td className={`${cell} font-mono`}>{request.reference}</td>
        <td className={cell}>
          {formatAdDate(request.deposited_on, language)}
          <span className="block text-xs">{bsLabel(request.deposited_on, language)}</span>
        </td>
        <td className={cell}>
          {request.slip_content_type ? (
            <a
              className="underline"
              href={`${API_BASE_PATH}/admin/deposit-requests/${request.id}/slip`}
              target="_blank"
              rel="noreferrer"
            >
              {t('admin.depositRequests.openSlip')}
            </a>
          ) : (
            t('admin.depositRequests.noSlip')
          )}
        </td>
        <td className={cell}>
          {t(`admin.depositRequests.statuses.${request.status}`)}
          {request.note && <span className="block text-xs">{request.note}</span>}
        </td>
        <td className={cell}>
          {request.status === 'pending' && props.mayDecide && !props.deciding && (
            <div className="flex flex-wrap gap-2">
              <button type="button" className={buttonClass} onClick={() => props.onDecide('approve')}>
                {t('admin.depositRequests.approve')}
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => props.onDecide('reject')}>
                {t('admin.depositRequests.reject')}
              </button>
            </div>
          )}
        </td>
      </tr>
      {props.deciding && (
        <tr>
          <td colSpan={7} className="py-3">
            <ConfirmDecision
              request={request}
              decision={props.deciding}
              onDone={() => props.onDecide(null)}
            />
          </td>
        </tr>
      )}
    </>
  );
}

/** The confirmation step: what will happen, an optional note, confirm or cancel. */
function ConfirmDecision(props: {
  request: AdminDepositRequest;
  decision: 'approve' | 'reject';
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { request, decision } = props;
  const [note, setNote] = useState('');
  const decide = useDecideDepositRequest();
  const showError = useErrorToast();
  const money = (amount: number) => formatMoney(amount, request.currency as CurrencyCode, language);
  const words = { amount: money(request.amount), agent: request.agent.name, reference: request.reference };
  const action = t(`admin.depositRequests.${decision}`);
  return (
    <fieldset className="grid max-w-xl gap-3 rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <legend className="sr-only">{action}</legend>
      <p>
        {t(
          decision === 'approve'
            ? 'admin.depositRequests.confirmApprove'
            : 'admin.depositRequests.confirmReject',
          words,
        )}
      </p>
      <TextareaField
        label={t('admin.depositRequests.note')}
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass}
          disabled={decide.isPending}
          onClick={() =>
            decide.mutate(
              { id: request.id, decision, note: note.trim() || undefined },
              {
                onSuccess: (result) => {
                  notify.success(
                    t(
                      decision === 'approve'
                        ? 'admin.depositRequests.approved'
                        : 'admin.depositRequests.rejected',
                      {
                        agent: request.agent.name,
                        balance: money(result.balance),
                      },
                    ),
                  );
                  props.onDone();
                },
                onError: showError,
              },
            )
          }
        >
          {t('admin.depositRequests.confirm', { action })}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={props.onDone}>
          {t('admin.depositRequests.cancel')}
        </button>
      </div>
    </fieldset>
  );
}
