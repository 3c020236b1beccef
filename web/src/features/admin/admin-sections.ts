import { type ConsolePolicy, type StaffRole, staffRoleMay } from '#shared/staff-roles';

/** The navigation's groups, in order (docs/admin.md#the-web-console). */
export const ADMIN_SECTION_GROUPS = ['counter', 'people', 'money', 'records', 'agency'] as const;
export type AdminSectionGroup = (typeof ADMIN_SECTION_GROUPS)[number];

export interface AdminSection {
  path: string;
  label: string;
  policy: ConsolePolicy;
  group: AdminSectionGroup;
}

/**
 * The console's sections in navigation order, each with the policy its page is for
 * (docs/admin.md#staff-roles): a section shows only to the staff roles that policy allows
 * (shared/src/staff-roles.ts, the same table the server enforces). The first a role may use is
 * its landing page.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: 'dashboard', label: 'admin.cockpit.nav.dashboard', policy: 'readBookings', group: 'counter' },
  { path: 'bookings', label: 'admin.nav.bookings', policy: 'readBookings', group: 'counter' },
  { path: 'refunds', label: 'admin.cockpit.nav.refunds', policy: 'refundBookings', group: 'counter' },
  { path: 'deposit-requests', label: 'admin.nav.depositRequests', policy: 'readWallets', group: 'counter' },
  { path: 'approvals', label: 'admin.nav.approvals', policy: 'readWallets', group: 'counter' },
  { path: 'users', label: 'admin.nav.users', policy: 'readUsers', group: 'people' },
  { path: 'staff', label: 'admin.nav.staff', policy: 'manageStaff', group: 'people' },
  { path: 'reports', label: 'admin.nav.reports', policy: 'readReports', group: 'money' },
  { path: 'sales-register', label: 'admin.nav.salesRegister', policy: 'readReports', group: 'money' },
  { path: 'markups', label: 'admin.nav.markups', policy: 'readPricing', group: 'money' },
  { path: 'commissions', label: 'admin.nav.commissions', policy: 'readPricing', group: 'money' },
  { path: 'outbox', label: 'admin.nav.outbox', policy: 'readBrandRecords', group: 'records' },
  { path: 'sms', label: 'admin.nav.sms', policy: 'readBrandRecords', group: 'records' },
  { path: 'audit', label: 'admin.nav.audit', policy: 'readBrandRecords', group: 'records' },
  { path: 'settings', label: 'admin.nav.settings', policy: 'manageBrand', group: 'agency' },
  { path: 'tax-details', label: 'admin.nav.taxDetails', policy: 'manageBrand', group: 'agency' },
  { path: 'payment-gateways', label: 'admin.nav.gateways', policy: 'managePaymentGateways', group: 'agency' },
  { path: 'partners', label: 'admin.nav.partners', policy: 'managePartnerApps', group: 'agency' },
  { path: 'webhooks', label: 'admin.cockpit.nav.webhooks', policy: 'readBrand', group: 'agency' },
];

/** The sections a console user with this role may use. */
export const sectionsFor = (role: StaffRole | null | undefined) =>
  ADMIN_SECTIONS.filter((section) => staffRoleMay(role, section.policy));

/** The sections a role may use, by group, empty groups left out. */
export const sectionGroupsFor = (role: StaffRole | null | undefined) => {
  const sections = sectionsFor(role);
  return ADMIN_SECTION_GROUPS.map((group) => ({
    group,
    sections: sections.filter((section) => section.group === group),
  })).filter(({ sections: inGroup }) => inGroup.length > 0);
};
