import type { RouteObject } from 'react-router';

/** The console's sections (docs/admin.md#the-web-console): each sub-feature's page loads on demand. */
export const adminRoutes: RouteObject[] = [
  // Lazy like every section: the role look-up it needs stays out of the home page's JavaScript.
  { index: true, lazy: () => import('./admin-home').then((m) => ({ Component: m.AdminHome })) },
  {
    path: 'dashboard',
    lazy: () => import('./dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'refunds',
    lazy: () => import('./bookings/refunds-page').then((m) => ({ Component: m.RefundsPage })),
  },
  {
    path: 'webhooks',
    lazy: () => import('./integrations/webhooks-page').then((m) => ({ Component: m.AdminWebhooksPage })),
  },
  {
    path: 'staff',
    lazy: () => import('./staff/staff-page').then((m) => ({ Component: m.StaffPage })),
  },
  {
    path: 'settings',
    lazy: () => import('./brand-and-uploads/settings-page').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: 'payment-gateways',
    lazy: () =>
      import('./brand-and-uploads/payment-gateways-page').then((m) => ({ Component: m.PaymentGatewaysPage })),
  },
  {
    path: 'users',
    lazy: () => import('./users-and-wallets/users-page').then((m) => ({ Component: m.UsersPage })),
  },
  {
    path: 'bookings',
    lazy: () => import('./bookings/bookings-page').then((m) => ({ Component: m.BookingsPage })),
  },
  {
    path: 'bookings/:pnr',
    lazy: () => import('./bookings/booking-detail-page').then((m) => ({ Component: m.BookingDetailPage })),
  },
  {
    path: 'partners',
    lazy: () => import('./partners/partners-page').then((m) => ({ Component: m.PartnersPage })),
  },
  {
    path: 'markups',
    lazy: () => import('./partners/markups-page').then((m) => ({ Component: m.MarkupsPage })),
  },
  {
    path: 'commissions',
    lazy: () => import('./partners/commissions-page').then((m) => ({ Component: m.CommissionsPage })),
  },
  {
    path: 'approvals',
    lazy: () => import('./users-and-wallets/approvals-page').then((m) => ({ Component: m.ApprovalsPage })),
  },
  {
    path: 'deposit-requests',
    lazy: () =>
      import('./users-and-wallets/deposit-requests-page').then((m) => ({ Component: m.DepositRequestsPage })),
  },
  {
    path: 'reports',
    lazy: () => import('./reports/reports-page').then((m) => ({ Component: m.ReportsPage })),
  },
  {
    path: 'sales-register',
    lazy: () => import('./reports/sales-register-page').then((m) => ({ Component: m.SalesRegisterPage })),
  },
  {
    path: 'tax-details',
    lazy: () => import('./brand-and-uploads/tax-details-page').then((m) => ({ Component: m.TaxDetailsPage })),
  },
  {
    path: 'outbox',
    lazy: () => import('./reports/outbox-page').then((m) => ({ Component: m.OutboxPage })),
  },
  {
    path: 'sms',
    lazy: () => import('./reports/sms-log-page').then((m) => ({ Component: m.SmsLogPage })),
  },
  {
    path: 'audit',
    lazy: () => import('./reports/audit-page').then((m) => ({ Component: m.AuditPage })),
  },
];
