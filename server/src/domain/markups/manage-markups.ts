import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { markupInput } from '#shared/admin-money';
import type { Db } from '../../db/client';
import { markups } from '../../db/schema/index';
import { AppError, notFound } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/record-audit';
import { forgetBrandMarkups } from './load-brand-markups';

export type MarkupRow = typeof markups.$inferSelect;
export type MarkupValues = z.output<typeof markupInput>;

interface Scope {
  brandId: string;
  actor: AuditActor;
}

/** The brand's markups: everyone first, then airlines, then routes. */
export function listMarkups(db: Db, brandId: string): Promise<MarkupRow[]> {
  return db
    .select()
    .from(markups)
    .where(eq(markups.brandId, brandId))
    .orderBy(
      sql`case ${markups.scope} when 'all' then 0 when 'airline' then 1 else 2 end`,
      asc(markups.airlineCode),
      asc(markups.origin),
      asc(markups.destination),
    );
}

/** The columns a markup input sets: only the target fields its scope uses. */
function columnsOf(values: MarkupValues) {
  return {
    scope: values.scope,
    origin: values.scope === 'route' ? (values.origin ?? null) : null,
    destination: values.scope === 'route' ? (values.destination ?? null) : null,
    airlineCode: values.scope === 'airline' ? (values.airlineCode ?? null) : null,
    kind: values.kind,
    value: values.value,
    currency: values.currency,
  };
}

const auditView = (row: ReturnType<typeof columnsOf>) => ({ ...row });

/** A second markup for a target that already has one: 409 naming the target's field. */
function duplicateTarget(values: MarkupValues): AppError {
  const field =
    values.scope === 'route' ? 'destination' : values.scope === 'airline' ? 'airlineCode' : 'scope';
  const message = 'There is already a markup for this; change that one instead.';
  return new AppError('CONFLICT', message, { [field]: message });
}

async function findMarkup(db: Db, brandId: string, id: string): Promise<MarkupRow> {
  const [row] = await db
    .select()
    .from(markups)
    .where(and(eq(markups.id, id), eq(markups.brandId, brandId)))
    .for('update');
  if (!row) throw notFound('There is no such markup.');
  return row;
}

async function hasTarget(db: Db, brandId: string, values: ReturnType<typeof columnsOf>, exceptId?: string) {
  const rows = await db
    .select({ id: markups.id })
    .from(markups)
    .where(
      and(
        eq(markups.brandId, brandId),
        eq(markups.scope, values.scope),
        sql`coalesce(${markups.origin}, '') = ${values.origin ?? ''}`,
        sql`coalesce(${markups.destination}, '') = ${values.destination ?? ''}`,
        sql`coalesce(${markups.airlineCode}, '') = ${values.airlineCode ?? ''}`,
      ),
    );
  return rows.some((row) => row.id !== exceptId);
}

/** Adds a markup; audited; search prices of this brand change at once. */
export async function createMarkup(db: Db, options: Scope & { values: MarkupValues }): Promise<MarkupRow> {
  const columns = columnsOf(options.values);
  const row = await db.transaction(async (tx) => {
    if (await hasTarget(tx, options.brandId, columns)) throw duplicateTarget(options.values);
    const [created] = await tx
      .insert(markups)
      .values({ brandId: options.brandId, ...columns })
      .onConflictDoNothing()
      .returning();
    if (!created) throw duplicateTarget(options.values);
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'markup.create',
      entityType: 'markup',
      entityId: created.id,
      before: null,
      after: auditView(columns),
    });
    return created;
  });
  forgetBrandMarkups(db, options.brandId);
  return row;
}

/** Replaces a markup of the brand (another brand's id: 404); audited with the changed fields. */
export async function updateMarkup(
  db: Db,
  options: Scope & { id: string; values: MarkupValues },
): Promise<MarkupRow> {
  const columns = columnsOf(options.values);
  const row = await db.transaction(async (tx) => {
    const current = await findMarkup(tx, options.brandId, options.id);
    if (await hasTarget(tx, options.brandId, columns, current.id)) throw duplicateTarget(options.values);
    const [updated] = await tx
      .update(markups)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(markups.id, current.id))
      .returning();
    if (!updated) throw new Error('update returned no row');
    const changes = changedFields(
      auditView(columnsOf({ ...current, ...nullsAsUndefined(current) })),
      auditView(columns),
    );
    if (changes) {
      await recordAudit(tx, {
        brandId: options.brandId,
        actor: options.actor,
        action: 'markup.update',
        entityType: 'markup',
        entityId: current.id,
        ...changes,
      });
    }
    return updated;
  });
  forgetBrandMarkups(db, options.brandId);
  return row;
}

function nullsAsUndefined(row: MarkupRow) {
  return {
    origin: row.origin ?? undefined,
    destination: row.destination ?? undefined,
    airlineCode: row.airlineCode ?? undefined,
    currency: row.currency === 'USD' ? ('USD' as const) : ('NPR' as const),
  };
}

/** Removes a markup of the brand (another brand's id: 404); audited. */
export async function deleteMarkup(db: Db, options: Scope & { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findMarkup(tx, options.brandId, options.id);
    await tx.delete(markups).where(eq(markups.id, current.id));
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'markup.delete',
      entityType: 'markup',
      entityId: current.id,
      before: auditView(columnsOf({ ...current, ...nullsAsUndefined(current) })),
      after: null,
    });
  });
  forgetBrandMarkups(db, options.brandId);
}
