/* No zod here: the web app imports this at run time (the console's navigation) and keeps zod out. */

/**
 * The roles of a brand's console users (docs/admin.md#staff-roles). Every user of type `admin` has one; the
 * users who were admins before roles existed are `owner`, who may do everything a brand admin
 * could do before.
 * - `owner`: everything, and alone the brand's settings, payment gateways, partner apps and staff;
 * - `finance`: wallets (top-ups, credit limits, settlements), refunds, invoices and reports;
 * - `sales`: bookings and agents (users, each agent's commission and group), no money movements nor
 *   commission rates (the brand's default and maximum, the groups': the owner's and finance's);
 * - `support`: reads bookings, resends documents and cancels on a traveller's request;
 * - `viewer`: reads, changes nothing.
 */
export const STAFF_ROLES = ['owner', 'finance', 'sales', 'support', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const EVERY_ROLE = STAFF_ROLES;

/**
 * The one table of who may do what in the console: each console policy (named by the admin
 * routes in `config.policy`, server/src/policies/policy.ts) and the staff roles it allows. The
 * server enforces it; the console reads it to hide what a role cannot use.
 */
export const CONSOLE_POLICY_ROLES = {
  /** Read the brand's settings, tax details and hold limits. */
  readBrand: EVERY_ROLE,
  /** Change the brand's settings, host names, images, tax details and hold limits. */
  manageBrand: ['owner'],
  /** See and change the brand's own payment gateway accounts. */
  managePaymentGateways: ['owner'],
  /** Register, list, rotate and revoke partner apps (their secrets reach a bank's systems). */
  managePartnerApps: ['owner'],
  /** Invite staff, change their roles and revoke their access. */
  manageStaff: ['owner'],
  /** List and open the brand's users. */
  readUsers: EVERY_ROLE,
  /** Create, retype, suspend, reinstate and reset the brand's agents and travellers. */
  manageUsers: ['owner', 'sales'],
  /** See every booking of the brand, its history and its rebooking options. */
  readBookings: EVERY_ROLE,
  /** Resend a booking's documents and cancel it on the traveller's request. */
  serveBookings: ['owner', 'sales', 'support'],
  /**
   * Change a booking's date and reissue its tickets on the booker's request, under the fare's
   * change conditions (as a cancel on request: the fee and difference follow the fare, charged to
   * the agent's wallet or collected from the traveller).
   */
  reissueBookings: ['owner', 'sales', 'support'],
  /** Mark flights disrupted and accept or rebook a disrupted booking. */
  manageBookings: ['owner', 'sales'],
  /** Refund a disrupted booking or void its tickets on their day of issue (money goes back to the payer). */
  refundBookings: ['owner', 'finance'],
  /** Read the brand's e-mail outbox and audit log. */
  readBrandRecords: EVERY_ROLE,
  /** Read agents' wallets: entries, credit, statements. */
  readWallets: ['owner', 'finance', 'viewer'],
  /** Move money: top up wallets, set credit limits, record settlements. */
  manageWallets: ['owner', 'finance'],
  /** Read markups, commissions and exchange rates. */
  readPricing: EVERY_ROLE,
  /** Create, change and delete the brand's markups. */
  manageMarkups: ['owner'],
  /** Enter exchange rates. */
  manageExchangeRates: ['owner', 'finance'],
  /** Set the commission granted to each agent and the agent's group (sales keeps its agents). */
  manageCommissions: ['owner', 'sales'],
  /**
   * Set the commission rates themselves: the brand's default and maximum granted commission and
   * each agent group's (docs/security.md#no-one-moves-money-to-themselves): money, not agents.
   */
  manageCommissionRates: ['owner', 'finance'],
  /** Read and export sales reports and the VAT sales register. */
  readReports: ['owner', 'finance', 'viewer'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type ConsolePolicy = keyof typeof CONSOLE_POLICY_ROLES;

export const CONSOLE_POLICIES = Object.keys(CONSOLE_POLICY_ROLES) as ConsolePolicy[];

/** Whether a console user with this role (none: not staff) may act under the console policy. */
export function staffRoleMay(role: StaffRole | null | undefined, policy: ConsolePolicy): boolean {
  return Boolean(role) && (CONSOLE_POLICY_ROLES[policy] as readonly string[]).includes(role as string);
}
