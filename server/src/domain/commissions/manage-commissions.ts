import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentGroups, brands, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { invalidFields, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';

/** The commission the agency grants its agents (spec §12.3); every change is audited. */

export interface CommissionPolicyRow {
  defaultGrantedCommissionPercent: number;
  maxGrantedCommissionPercent: number;
  groups: { id: string; name: string; grantedCommissionPercent: number; agents: number }[];
}

export interface Scope {
  brandId: string;
  actor: AuditActor;
}

export async function brandLimits(db: Db, brandId: string) {
  const [limits] = await db
    .select({
      defaultGrantedCommissionPercent: brands.defaultGrantedCommissionPercent,
      maxGrantedCommissionPercent: brands.maxGrantedCommissionPercent,
    })
    .from(brands)
    .where(eq(brands.id, brandId));
  if (!limits) throw notFound('There is no such brand.');
  return limits;
}

/** The brand's default and maximum granted commission and its agent groups, by name. */
export async function getCommissionPolicy(db: Db, brandId: string): Promise<CommissionPolicyRow> {
  const limits = await brandLimits(db, brandId);
  const groups = await db
    .select({
      id: agentGroups.id,
      name: agentGroups.name,
      grantedCommissionPercent: agentGroups.grantedCommissionPercent,
      agents: count(users.id),
    })
    .from(agentGroups)
    .leftJoin(users, eq(users.agentGroupId, agentGroups.id))
    .where(eq(agentGroups.brandId, brandId))
    .groupBy(agentGroups.id)
    .orderBy(asc(agentGroups.name));
  return { ...limits, groups };
}

/** A rate above the brand's maximum is refused, naming the field, rather than silently capped. */
export function checkUnderMax(percent: number | null, max: number, field: string) {
  if (percent !== null && percent > max) {
    throw invalidFields({ [field]: `The agency grants at most ${max} %.` });
  }
}

export async function setCommissionPolicy(
  db: Db,
  options: Scope & { defaultGrantedCommissionPercent: number; maxGrantedCommissionPercent: number },
): Promise<CommissionPolicyRow> {
  checkUnderMax(
    options.defaultGrantedCommissionPercent,
    options.maxGrantedCommissionPercent,
    'defaultGrantedCommissionPercent',
  );
  return db.transaction(async (tx) => {
    const before = await brandLimits(tx, options.brandId);
    const after = {
      defaultGrantedCommissionPercent: options.defaultGrantedCommissionPercent,
      maxGrantedCommissionPercent: options.maxGrantedCommissionPercent,
    };
    await tx
      .update(brands)
      .set({ ...after, updatedAt: sql`now()` })
      .where(eq(brands.id, options.brandId));
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'commission.policy',
      entityType: 'brand',
      entityId: options.brandId,
      before,
      after,
    });
    return getCommissionPolicy(tx, options.brandId);
  });
}

const groupNameTaken = () => invalidFields({ name: 'A group with this name exists already.' });

export async function findGroup(db: Db, brandId: string, groupId: string) {
  const [group] = await db
    .select()
    .from(agentGroups)
    .where(and(eq(agentGroups.id, groupId), eq(agentGroups.brandId, brandId)));
  if (!group) throw notFound('There is no such agent group.');
  return group;
}

export async function createAgentGroup(
  db: Db,
  options: Scope & { name: string; grantedCommissionPercent: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { maxGrantedCommissionPercent } = await brandLimits(tx, options.brandId);
    checkUnderMax(options.grantedCommissionPercent, maxGrantedCommissionPercent, 'grantedCommissionPercent');
    const values = { name: options.name, grantedCommissionPercent: options.grantedCommissionPercent };
    const [group] = await tx
      .insert(agentGroups)
      .values({ brandId: options.brandId, ...values })
      .returning({ id: agentGroups.id })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw groupNameTaken();
        throw error;
      });
    if (!group) throw new Error('insert returned no row');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'agent-group.create',
      entityType: 'agent-group',
      entityId: group.id,
      after: values,
    });
  });
}

export async function updateAgentGroup(
  db: Db,
  options: Scope & { groupId: string; name: string; grantedCommissionPercent: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, options.brandId, options.groupId);
    const { maxGrantedCommissionPercent } = await brandLimits(tx, options.brandId);
    checkUnderMax(options.grantedCommissionPercent, maxGrantedCommissionPercent, 'grantedCommissionPercent');
    const values = { name: options.name, grantedCommissionPercent: options.grantedCommissionPercent };
    await tx
      .update(agentGroups)
      .set(values)
      .where(eq(agentGroups.id, group.id))
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw groupNameTaken();
        throw error;
      });
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'agent-group.update',
      entityType: 'agent-group',
      entityId: group.id,
      before: { name: group.name, grantedCommissionPercent: group.grantedCommissionPercent },
      after: values,
    });
  });
}

/** Deletes a group; its agents fall back to their own rate or the brand's default. */
export async function deleteAgentGroup(db: Db, options: Scope & { groupId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, options.brandId, options.groupId);
    await tx.delete(agentGroups).where(eq(agentGroups.id, group.id));
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'agent-group.delete',
      entityType: 'agent-group',
      entityId: group.id,
      before: { name: group.name, grantedCommissionPercent: group.grantedCommissionPercent },
    });
  });
}
