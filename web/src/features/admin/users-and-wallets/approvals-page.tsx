import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Approval } from '#shared/approvals';
import { formatMoney } from '#shared/money';
import { staffRoleMay } from '#shared/staff-roles';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { meQueryOptions } from '../../../lib/session/get-me';
import { useErrorToast } from '../../../lib/use-error-toast';
import { TableHead } from '../shared/admin-ui';
import { ConfirmDialog, ConfirmLine } from '../shared/confirm-dialog';
import { useDecideApproval, usePendingApprovals } from './api/approvals';

const cell = 'py-2 pr-3 align-top';

/** An approval's amount: money in NPR, a commission rate in per cent. */
function amountText(approval: Approval, language: ReturnType<typeof currentLanguage>): string {
  return approval.action === 'commission_grant'
    ? `${(approval.amount / 100).toFixed(2)} %`
    : formatMoney(approval.amount, 'NPR', language);
}

/**
 * Pending approvals (docs/admin.md#four-eyes-approvals): money actions above the brand's threshold
 * waiting for a second owner or finance member; approving or rejecting asks for confirmation. The
 * proposer sees their own without buttons.
 */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const approvals = usePendingApprovals();
  const me = useQuery(meQueryOptions());
  const mayDecide = staffRoleMay(me.data?.staff_role, 'manageWallets');
  const [deciding, setDeciding] = useState<{ approval: Approval; decision: 'approve' | 'reject' } | null>(
    null,
  );
  const decide = useDecideApproval();
  const showError = useErrorToast();
  const confirm = () => {
    if (!deciding) return;
    decide.mutate(
      { id: deciding.approval.id, decision: deciding.decision },
      {
        onSuccess: (result) => {
          notify.success(t(`admin.approvals.${result.status === 'approved' ? 'approved' : 'rejected'}`));
          setDeciding(null);
        },
        onError: (failure) => {
          setDeciding(null);
          showError(failure);
        },
      },
    );
  };
  return (
    <section aria-labelledby="approvals-heading">
      <h1 id="approvals-heading" className="text-2xl font-semibold">
        {t('admin.approvals.title')}
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
        {t('admin.approvals.intro')}
      </p>
      {approvals.isError && <p role="alert">{t('messages.genericError')}</p>}
      {approvals.data && (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('admin.approvals.title')}</caption>
            <TableHead
              columns={(['action', 'amount', 'proposedBy', 'actions'] as const).map((column) =>
                t(`admin.approvals.columns.${column}`),
              )}
            />
            <tbody>
              {approvals.data.items.map((approval) => (
                <tr key={approval.id} className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="row" className={`${cell} font-medium`}>
                    {t(`admin.approvals.actions.${approval.action}`)}
                  </th>
                  <td className={cell}>{amountText(approval, language)}</td>
                  <td className={cell}>{approval.proposed_by_label}</td>
                  <td className={cell}>
                    {mayDecide && approval.proposed_by !== me.data?.userToken ? (
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className={buttonClass}
                          onClick={() => setDeciding({ approval, decision: 'approve' })}
                        >
                          {t('admin.approvals.approve')}
                        </button>
                        <button
                          type="button"
                          className={secondaryButtonClass}
                          onClick={() => setDeciding({ approval, decision: 'reject' })}
                        >
                          {t('admin.approvals.reject')}
                        </button>
                      </div>
                    ) : (
                      t('admin.approvals.waitingForOther')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {approvals.data.items.length === 0 && <p className="py-4">{t('admin.approvals.none')}</p>}
        </div>
      )}
      <ConfirmDialog
        open={deciding !== null}
        title={t(`admin.approvals.${deciding?.decision === 'reject' ? 'confirmReject' : 'confirmApprove'}`)}
        confirmLabel={t(`admin.approvals.${deciding?.decision === 'reject' ? 'reject' : 'approve'}`)}
        busy={decide.isPending}
        onConfirm={confirm}
        onCancel={() => setDeciding(null)}
      >
        {deciding && (
          <>
            <ConfirmLine
              label={t('admin.approvals.columns.action')}
              value={t(`admin.approvals.actions.${deciding.approval.action}`)}
            />
            <ConfirmLine
              label={t('admin.approvals.columns.amount')}
              value={amountText(deciding.approval, language)}
            />
            <ConfirmLine
              label={t('admin.approvals.columns.proposedBy')}
              value={deciding.approval.proposed_by_label}
            />
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
