import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxPayments } from '../../db/schema/index';
import type { GatewayName } from '../gateway';

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

export function sandboxId(length = 22): string {
  return randomBytes(length).toString('base64url').slice(0, length);
}

/**
 * Records a payment the merchant started; a repeat of the same merchant transaction returns
 * the record already there (the caller decides whether the repeat is acceptable).
 */
export async function recordSandboxPayment(
  db: Db,
  values: Omit<typeof sandboxPayments.$inferInsert, 'id'> & { id?: string },
): Promise<SandboxPayment> {
  const [created] = await db
    .insert(sandboxPayments)
    .values({ id: sandboxId(), ...values })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(sandboxPayments)
    .where(
      and(
        eq(sandboxPayments.gateway, values.gateway),
        eq(sandboxPayments.merchant, values.merchant),
        eq(sandboxPayments.reference, values.reference),
      ),
    );
  if (!existing) throw new Error('sandbox payment neither created nor found');
  return existing;
}

export async function findSandboxPayment(
  db: Db,
  gateway: GatewayName,
  where: { id: string } | { merchant: string; reference: string } | { transactionCode: string },
): Promise<SandboxPayment | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(
      and(
        eq(sandboxPayments.gateway, gateway),
        'id' in where
          ? eq(sandboxPayments.id, where.id)
          : 'transactionCode' in where
            ? eq(sandboxPayments.transactionCode, where.transactionCode)
            : and(
                eq(sandboxPayments.merchant, where.merchant),
                eq(sandboxPayments.reference, where.reference),
              ),
      ),
    );
  return row;
}

/** Moves a payment out of `from` once; undefined when it was not in `from` (a double click). */
export async function settleSandboxPayment(
  db: Db,
  payment: SandboxPayment,
  from: string,
  to: string,
  transactionCode: string | null,
): Promise<SandboxPayment | undefined> {
  const [settled] = await db
    .update(sandboxPayments)
    .set({ status: to, transactionCode, updatedAt: sql`now()` })
    .where(and(eq(sandboxPayments.id, payment.id), eq(sandboxPayments.status, from)))
    .returning();
  return settled;
}

/** Appends query parameters to a return URL the way the gateways do. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}
