import type { Db } from '../../db/client';
import { inTransaction } from '../../db/client';
import { inventoryControls } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { forgetFlightNetwork } from '../flight-engine/load-flight-network';
import { findScheduledFlight, type ScheduledFlightRef } from './find-scheduled-flight';

export type InventoryControlRow = typeof inventoryControls.$inferSelect;

export interface SetClassControlOptions {
  brandId: string;
  actor: AuditActor;
  flight: Omit<ScheduledFlightRef, 'date'>;
  classCode: string;
  fromDate: string;
  toDate: string;
  action: 'open' | 'close' | 'set_fare';
  baseNpr?: number;
  baseUsd?: number;
}

/**
 * Opens or closes a class of a flight, or overrides its base fare, on local dates
 * `fromDate`–`toDate`: a new control, applied after the earlier ones, written with its audit entry
 * in one transaction. The house inventory is the deployment's, so every brand's searches see it.
 */
export async function setClassControl(db: Db, options: SetClassControlOptions): Promise<InventoryControlRow> {
  const flight = await findScheduledFlight(db, { ...options.flight, date: options.fromDate }, 'from_date');
  if (!flight.ladder.some((fare) => fare.classCode === options.classCode))
    throw invalidFields({
      class_code: `${options.flight.flightNumber} has no class ${options.classCode} (it has ${flight.ladder.map((f) => f.classCode).join(', ')}).`,
    });
  const values = {
    scheduleId: flight.leg.id,
    classCode: options.classCode,
    fromDate: options.fromDate,
    toDate: options.toDate,
    closed: options.action === 'set_fare' ? null : options.action === 'close',
    baseNpr: options.action === 'set_fare' ? (options.baseNpr ?? null) : null,
    baseUsd: options.action === 'set_fare' ? (options.baseUsd ?? null) : null,
    brandId: options.brandId,
  };
  const control = await inTransaction(db, async (tx) => {
    const [row] = await tx.insert(inventoryControls).values(values).returning();
    if (!row) throw new Error('inventory control not written');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: `inventory.${options.action === 'set_fare' ? 'set-fare' : options.action}`,
      entityType: 'flight',
      entityId: `${options.flight.flightNumber} ${options.flight.origin}-${options.flight.destination}`,
      before: null,
      after: {
        classCode: values.classCode,
        fromDate: values.fromDate,
        toDate: values.toDate,
        closed: values.closed,
        baseNpr: values.baseNpr,
        baseUsd: values.baseUsd,
      },
    });
    return row;
  });
  forgetFlightNetwork(db);
  return control;
}
