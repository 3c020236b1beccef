import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AccountUser } from '../domain/accounts/find-user';
import { can, enforcePolicies } from './policy';

const user = (type: AccountUser['type']) => ({ type }) as AccountUser;

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
