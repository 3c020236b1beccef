import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONSOLE_POLICIES,
  CONSOLE_POLICY_ROLES,
  type ConsolePolicy,
  type StaffRole,
  staffRoleMay,
} from '#shared/staff-roles';
import type { AccountUser } from '../domain/accounts/find-user';
import { AppError } from '../errors';
import { authorizeApiKey } from './api-key-scopes';

/**
 * A console policy (docs/admin.md#staff-roles): the brand's admins whose staff role the table
 * `CONSOLE_POLICY_ROLES` (shared/src/staff-roles.ts) names for it.
 */
const staff = (policy: ConsolePolicy) => (user: AccountUser | undefined) =>
  user?.type === 'admin' && staffRoleMay(user.staffRole, policy);
const platformOperator = (user: AccountUser | undefined) => user?.platformOperator === true;
/** An agent the agency made a master agent (a sub-agent never is one). */
const isMasterAgent = (user: AccountUser | undefined) =>
  user?.type === 'agent' && user.isMasterAgent && user.masterAgentId === null;

/**
 * Whose bookings `user` reads (the booking list and one booking): a master agent's own and their
 * sub-agents'; anyone else's own. Payments, cancellations and documents stay the booker's.
 */
export function bookingReadScope(user: AccountUser): { agentId: string } | { userId: string } {
  return isMasterAgent(user) ? { agentId: user.id } : { userId: user.id };
}

/**
 * The one place that says who may do what. Every API route names a policy in its
 * `config.policy`; a route without one refuses to start, so no route is open by omission.
 */
export const policies = {
  /** Anyone, signed in or not (reference data, log-in, sign-up). */
  public: () => true,
  /**
   * Partner apps: checked by the handler against the client id and secret in the body, not by a
   * user session.
   */
  partnerApp: () => true,
  /** Any signed-in user of the brand. */
  signedIn: (user: AccountUser | undefined) => Boolean(user),
  /**
   * Book flights and manage one's own bookings, payments and tickets: any signed-in user (guests
   * sign up first). Each booking is visible to its booker only, and read (list and detail) by a
   * master agent when a sub-agent of theirs booked it (`bookingReadScope`).
   */
  book: (user: AccountUser | undefined) => Boolean(user),
  /**
   * Create sub-agents, fund them from one's wallet and set what they are passed of one's
   * commission (docs/accounts.md#sub-agents): agents the agency made master agents, each their own
   * sub-agents.
   */
  manageSubAgents: (user: AccountUser | undefined) => isMasterAgent(user),
  /**
   * A payment gateway's return: the payer's browser coming back from eSewa, Khalti or ConnectIPS.
   * Open to anyone because trust comes from the gateway, not the caller: the handler verifies the
   * signature and asks the gateway before anything changes.
   */
  gatewayReturn: () => true,
  /**
   * An outside supplier's event (Duffel's webhook): open to anyone because trust comes from the
   * signature, which the handler checks against the configured secret before anything is read.
   */
  supplierEvent: () => true,
  /** Set one's own commission: every user type except `individual` (spec §1, §6). */
  setCommission: (user: AccountUser | undefined) => Boolean(user) && user?.type !== 'individual',
  /**
   * Create, list and revoke one's own API keys and webhooks (docs/accounts.md#api-keys, docs/webhooks.md):
   * agents and admins, each for their own account. With a key only the lists (scope `read`): keys never make
   * keys.
   */
  manageIntegrations: (user: AccountUser | undefined) => user?.type === 'agent' || user?.type === 'admin',
  /**
   * See one's own wallet, its credit and statements (docs/finance-statements.md#statements): agents and
   * admins (every type but the travellers'), each their own.
   */
  useWallet: (user: AccountUser | undefined) =>
    Boolean(user) && user?.type !== 'individual' && user?.type !== 'customer',
  /**
   * See flights' loads per class, open and close classes and override fares of the house
   * inventory: platform operators only, because every brand of the deployment sells that
   * inventory (a brand's admin closing a class would close it for every agency, and the load
   * counts every brand's sales). Each change goes to the audit log of the operator's own brand.
   */
  manageInventory: platformOperator,
  /**
   * The console's policies, one per kind of work, each allowing the staff roles of
   * `CONSOLE_POLICY_ROLES` (owner, finance, sales, support, viewer): brand settings, gateways,
   * partner apps and staff are the owner's; money movements the owner's and finance's; bookings
   * and agents the owner's and sales' (support reads, resends and cancels); reads every role's.
   */
  ...(Object.fromEntries(CONSOLE_POLICIES.map((name) => [name, staff(name)])) as Record<
    ConsolePolicy,
    (user: AccountUser | undefined) => boolean
  >),
  /** Create and list brands (`/platform/…`): platform operators only, whatever their type. */
  operatePlatform: platformOperator,
} as const satisfies Record<string, (user: AccountUser | undefined) => boolean>;

export type PolicyName = keyof typeof policies;

/** The policies of the brand's admin console: its admins only, each to their own brand. */
export const BRAND_ADMIN_POLICIES: PolicyName[] = [...CONSOLE_POLICIES];

/** The staff roles a console policy allows (none for any other policy). */
export function staffRolesOf(policy: PolicyName): readonly StaffRole[] {
  return (CONSOLE_POLICY_ROLES as Record<string, readonly StaffRole[]>)[policy] ?? [];
}

/** The policies of the whole deployment (brands, the house inventory): platform operators only. */
export const PLATFORM_POLICIES = (Object.keys(policies) as PolicyName[]).filter(
  (name) => policies[name] === platformOperator,
);

/** Whether `user` (undefined: nobody signed in) may act under `policy`. */
export function can(user: AccountUser | undefined, policy: PolicyName): boolean {
  return policies[policy](user);
}

/**
 * Throws 401 when the policy needs a user and there is none, 403 when the user may not, and 403
 * API_KEY_SCOPE when the request came with an API key whose scopes do not cover it.
 */
export function authorize(request: FastifyRequest, policy: PolicyName): void {
  if (!can(request.user, policy)) throw new AppError(request.user ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  if (request.apiKey) {
    authorizeApiKey(request.apiKey.scopes, policy, request.method, request.routeOptions.url ?? request.url);
  }
}

/** One API route and the policy it names (collected for tests and the access sweep). */
export interface RoutePolicy {
  method: string;
  url: string;
  policy: PolicyName;
}

/**
 * Enforces policies on every route registered in `api` after this call: a route without
 * `config.policy` is a start-up error; each request is authorized before its body is validated.
 * Each route and its policy is added to `registry` when one is given.
 */
export function enforcePolicies(api: FastifyInstance, registry?: RoutePolicy[]): void {
  api.addHook('onRoute', (route) => {
    const policy = (route.config as { policy?: PolicyName } | undefined)?.policy;
    if (!policy || !(policy in policies)) {
      throw new Error(
        `Route ${route.method} ${route.url} has no authorization policy: add config: { policy: … } ` +
          '(see server/src/policies/policy.ts).',
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registry?.push({ method, url: route.url, policy });
    }
  });
  api.addHook('preValidation', async (request) => {
    const policy = request.routeOptions.config.policy;
    if (!policy) throw new AppError('FORBIDDEN');
    authorize(request, policy);
  });
}
