import type { ListUsersQuery } from '#shared/admin';
import type { AdminBookingsQuery } from '#shared/admin-bookings';
import type { ReportGroup } from '#shared/admin-money';

export interface ReportParams {
  from: string;
  to: string;
  groupBy: ReportGroup;
}

/** Query keys of the console; everything under `admin` is dropped at log-out. */
export const adminKeys = {
  all: ['admin'] as const,
  brand: ['admin', 'brand'] as const,
  users: ['admin', 'users'] as const,
  usersPage: (query: ListUsersQuery) => ['admin', 'users', query] as const,
  partners: ['admin', 'partner-apps'] as const,
  outbox: ['admin', 'outbox'] as const,
  outboxPage: (page: number) => ['admin', 'outbox', page] as const,
  email: (id: string) => ['admin', 'outbox', 'email', id] as const,
  smsPage: (page: number) => ['admin', 'sms-outbox', page] as const,
  audit: ['admin', 'audit'] as const,
  auditPage: (page: number) => ['admin', 'audit', page] as const,
  bookings: ['admin', 'bookings'] as const,
  bookingsPage: (query: AdminBookingsQuery) => ['admin', 'bookings', 'list', query] as const,
  booking: (pnr: string) => ['admin', 'bookings', 'detail', pnr] as const,
  commissionPolicy: ['admin', 'commissions'] as const,
  commissionAgents: ['admin', 'users', 'commission-agents'] as const,
  wallet: (userId: string) => ['admin', 'wallet', userId] as const,
  ledger: (userId: string, page: number) => ['admin', 'wallet', userId, page] as const,
  walletCredit: (userId: string) => ['admin', 'wallet', userId, 'credit'] as const,
  markups: ['admin', 'markups'] as const,
  report: (query: ReportParams) => ['admin', 'reports', query] as const,
  paymentCredentials: ['admin', 'payment-credentials'] as const,
  duffelToken: ['admin', 'supplier-credentials', 'duffel'] as const,
  salesRegister: (month: string, currency: string) => ['admin', 'sales-register', month, currency] as const,
  taxProfile: ['admin', 'tax-profile'] as const,
  financeSettings: ['admin', 'finance-settings'] as const,
  staff: ['admin', 'staff'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  approvals: ['admin', 'approvals'] as const,
  refunds: ['admin', 'refunds'] as const,
  depositRequests: ['admin', 'deposit-requests'] as const,
  depositRequestsPage: (status: string, page: number) => ['admin', 'deposit-requests', status, page] as const,
};

/** Query-string of the defined, non-empty parameters. */
export const toQuery = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  ).toString();
