import { eq, sql } from 'drizzle-orm';
import type { ExchangeRatesInput } from '#shared/exchange-rates';
import type { Db } from '../../db/client';
import { exchangeRates } from '../../db/schema/index';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { DEFAULT_EXCHANGE_RATES, type ExchangeRate } from './default-exchange-rates';

/** The brand's rates: its admins' entries, then the defaults of currencies it has not entered. */
export async function listExchangeRates(db: Db, brandId: string): Promise<ExchangeRate[]> {
  const rows = await db.select().from(exchangeRates).where(eq(exchangeRates.brandId, brandId));
  const entered: ExchangeRate[] = rows.map((r) => ({
    currency: r.currency,
    unit: r.unit,
    npr: r.npr,
    effectiveDate: r.effectiveDate,
    source: 'admin',
  }));
  const have = new Set(entered.map((r) => r.currency));
  return [...entered, ...DEFAULT_EXCHANGE_RATES.filter((r) => !have.has(r.currency))].sort((a, b) =>
    a.currency.localeCompare(b.currency),
  );
}

/**
 * Enters Nepal Rastra Bank's rates of a date for the brand: each currency given replaces its
 * rate, in one transaction with one audit entry (before and after of the currencies changed).
 * Prices of outside offers change from the next search; bookings keep the rate they were sold at.
 */
export async function setExchangeRates(
  db: Db,
  options: { brandId: string; actor: AuditActor; input: ExchangeRatesInput },
): Promise<ExchangeRate[]> {
  const { brandId, input } = options;
  await db.transaction(async (tx) => {
    const current = new Map((await listExchangeRates(tx, brandId)).map((r) => [r.currency, r]));
    await tx
      .insert(exchangeRates)
      .values(
        input.rates.map((r) => ({
          brandId,
          currency: r.currency,
          unit: r.unit,
          npr: r.npr,
          effectiveDate: input.effective_date,
        })),
      )
      .onConflictDoUpdate({
        target: [exchangeRates.brandId, exchangeRates.currency],
        set: {
          unit: sql`excluded.unit`,
          npr: sql`excluded.npr`,
          effectiveDate: sql`excluded.effective_date`,
          updatedAt: sql`now()`,
        },
      });
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const r of input.rates) {
      const old = current.get(r.currency);
      before[r.currency] = old
        ? { unit: old.unit, npr: old.npr, effective_date: old.effectiveDate, source: old.source }
        : null;
      after[r.currency] = { unit: r.unit, npr: r.npr, effective_date: input.effective_date, source: 'admin' };
    }
    await recordAudit(tx, {
      brandId,
      actor: options.actor,
      action: 'exchange_rates.update',
      entityType: 'exchange_rates',
      entityId: brandId,
      before,
      after,
    });
  });
  return listExchangeRates(db, brandId);
}
