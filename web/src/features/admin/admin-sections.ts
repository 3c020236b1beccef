import { type ConsolePolicy, type StaffRole, staffRoleMay } from '#shared/staff-roles';

/**
 * The console's sections in navigation order, each with the policy its page is for
 * (docs/admin.md#staff-roles): a section shows only to the staff roles that policy allows
 * (shared/src/staff-roles.ts, the same table the server enforces).
 */
export const ADMIN_SECTIONS: readonly { path: string; label: string; policy: ConsolePolicy }[] = [
  { path: 'settings', label: 'admin.nav.settings', policy: 'manageBrand' },
  { path: 'payment-gateways', label: 'admin.nav.gateways', policy: 'managePaymentGateways' },
  { path: 'staff', label: 'admin.nav.staff', policy: 'manageStaff' },
  { path: 'users', label: 'admin.nav.users', policy: 'readUsers' },
  { path: 'deposit-requests', label: 'admin.nav.depositRequests', policy: 'readWallets' },
  { path: 'bookings', label: 'admin.nav.bookings', policy: 'readBookings' },
  { path: 'partners', label: 'admin.nav.partners', policy: 'managePartnerApps' },
  { path: 'outbox', label: 'admin.nav.outbox', policy: 'readBrandRecords' },
  { path: 'sms', label: 'admin.nav.sms', policy: 'readBrandRecords' },
  { path: 'audit', label: 'admin.nav.audit', policy: 'readBrandRecords' },
  { path: 'markups', label: 'admin.nav.markups', policy: 'readPricing' },
  { path: 'commissions', label: 'admin.nav.commissions', policy: 'readPricing' },
  { path: 'reports', label: 'admin.nav.reports', policy: 'readReports' },
  { path: 'sales-register', label: 'admin.nav.salesRegister', policy: 'readReports' },
  { path: 'tax-details', label: 'admin.nav.taxDetails', policy: 'manageBrand' },
];

/** The sections a console user with this role may use. */
export const sectionsFor = (role: StaffRole | null | undefined) =>
  ADMIN_SECTIONS.filter((section) => staffRoleMay(role, section.policy));
