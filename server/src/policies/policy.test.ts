import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AccountUser } from '../domain/accounts/find-user';
import { can, enforcePolicies, type PolicyName } from './policy';

const user = (type: AccountUser['type']) =>
  ({ type, staffRole: type === 'admin' ? 'owner' : null }) as AccountUser;
const staff = (staffRole: NonNullable<AccountUser['staffRole']>) =>
  ({ type: 'admin', staffRole }) as AccountUser;
const rolesAllowed = (policy: PolicyName) =>
  (['owner', 'finance', 'sales', 'support', 'viewer'] as const).filter((role) => can(staff(role), policy));

describe('the policy module', () => {
  it('lets every type but individual set a commission', () => {
    expect(can(user('agent'), 'setCommission')).toBe(true);
    expect(can(user('customer'), 'setCommission')).toBe(true);
    expect(can(user('admin'), 'setCommission')).toBe(true);
    expect(can(user('individual'), 'setCommission')).toBe(false);
    expect(can(undefined, 'setCommission')).toBe(false);
  });

  it('lets only admins manage partner apps', () => {
    expect(can(user('admin'), 'managePartnerApps')).toBe(true);
    expect(can(user('agent'), 'managePartnerApps')).toBe(false);
  });

  it('lets only admins run the brand, and only platform operators run the platform', () => {
    for (const policy of ['manageBrand', 'manageUsers', 'readBrandRecords'] as const) {
      expect(can(user('admin'), policy)).toBe(true);
      for (const type of ['agent', 'customer', 'individual'] as const)
        expect(can(user(type), policy)).toBe(false);
      expect(can(undefined, policy)).toBe(false);
    }
    expect(can({ type: 'individual', platformOperator: true } as AccountUser, 'operatePlatform')).toBe(true);
    expect(can({ type: 'admin', platformOperator: false } as AccountUser, 'operatePlatform')).toBe(false);
    // Every brand sells the house inventory: a brand's admin must not control it for all of them.
    expect(can({ type: 'admin', platformOperator: false } as AccountUser, 'manageInventory')).toBe(false);
    expect(can({ type: 'individual', platformOperator: true } as AccountUser, 'manageInventory')).toBe(true);
  });

  it('gives each staff role its share of the console', () => {
    // Money movements: the owner and finance.
    expect(rolesAllowed('manageWallets')).toEqual(['owner', 'finance']);
    expect(rolesAllowed('refundBookings')).toEqual(['owner', 'finance']);
    // Invoices, the register and reports: finance, and the viewer reads them.
    expect(rolesAllowed('readReports')).toEqual(['owner', 'finance', 'viewer']);
    expect(rolesAllowed('readWallets')).toEqual(['owner', 'finance', 'viewer']);
    // Bookings and agents: sales; support resends and cancels.
    expect(rolesAllowed('manageBookings')).toEqual(['owner', 'sales']);
    expect(rolesAllowed('manageUsers')).toEqual(['owner', 'sales']);
    expect(rolesAllowed('serveBookings')).toEqual(['owner', 'sales', 'support']);
    // A date change on request follows the fare's conditions, as a cancel on request does.
    expect(rolesAllowed('reissueBookings')).toEqual(['owner', 'sales', 'support']);
    // Settings, gateways, partner apps and staff: the owner alone.
    for (const policy of [
      'manageBrand',
      'managePaymentGateways',
      'managePartnerApps',
      'manageStaff',
    ] as const)
      expect(rolesAllowed(policy)).toEqual(['owner']);
    // Reads: every role, the viewer too.
    for (const policy of [
      'readBookings',
      'readUsers',
      'readBrand',
      'readPricing',
      'readBrandRecords',
    ] as const)
      expect(rolesAllowed(policy)).toEqual(['owner', 'finance', 'sales', 'support', 'viewer']);
    // No role reaches the platform, and a role without the admin type is nothing.
    expect(rolesAllowed('operatePlatform')).toEqual([]);
    expect(can({ type: 'agent', staffRole: 'owner' } as AccountUser, 'manageBrand')).toBe(false);
    expect(can({ type: 'admin', staffRole: null } as AccountUser, 'readBookings')).toBe(false);
  });

  it('refuses to start a route that names no policy', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(async (api) => {
        enforcePolicies(api);
        api.get('/open-by-mistake', async () => 'oops');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/no authorization policy/);
  });
});
