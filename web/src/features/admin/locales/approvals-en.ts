/** The approvals page's English strings (docs/admin.md#four-eyes-approvals). */
export const approvalsEn = {
  title: 'Pending approvals',
  intro:
    'Money actions above the agency’s approval threshold wait here for a second owner or finance member. Approving applies the action once; rejecting drops it. The owners are e-mailed either way.',
  none: 'Nothing awaits approval.',
  columns: { action: 'Action', amount: 'Amount', proposedBy: 'Proposed by', actions: 'Decision' },
  actions: {
    wallet_top_up: 'Wallet top-up',
    credit_limit: 'Credit limit',
    hand_refund: 'Refund paid by hand',
    commission_grant: 'Commission grant',
  },
  approve: 'Approve',
  reject: 'Reject',
  confirmApprove: 'Approve this action?',
  confirmReject: 'Reject this action?',
  approved: 'Approved: the action was applied.',
  rejected: 'Rejected: nothing moved.',
  waitingForOther: 'Awaits another owner or finance member',
  awaiting: 'Above the approval threshold: this awaits a second person’s approval. Nothing has moved yet.',
};
