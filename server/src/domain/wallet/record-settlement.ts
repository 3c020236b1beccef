import type { Db } from '../../db/client';
import type { AuditActor } from '../audit/record-audit';
import type { WalletEntryRow } from './list-wallet-entries';
import { creditAgentWallet } from './top-up-wallet';

export interface RecordSettlementOptions {
  brandId: string;
  actor: AuditActor;
  userId: string;
  /** Minor units paid by the agent, a positive integer. */
  amount: number;
  reference: string;
  note?: string | undefined;
}

export interface RecordSettlementResult {
  entry: WalletEntryRow;
  balance: number;
  /** The reference had been recorded already: the first settlement is answered, nothing is added. */
  replayed: boolean;
}

/**
 * Records an agent's payment against their balance (what they owe on credit, or ahead of it): a
 * `settlement` entry in the wallet ledger (and its double-entry lines), with its audit entry, in one
 * transaction. Once per reference and user, as top-ups are: the same reference and amount again
 * answers the first (`replayed`); another amount is 409 CONFLICT naming `reference`.
 */
export function recordSettlement(db: Db, options: RecordSettlementOptions): Promise<RecordSettlementResult> {
  return creditAgentWallet(db, options, {
    kind: 'settlement',
    auditAction: 'wallet.settlement',
    noWallet: 'Only agents have a wallet to settle.',
    referenceTaken: 'This reference has already been recorded with another amount.',
  });
}
