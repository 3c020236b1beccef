import { and, eq } from 'drizzle-orm';
import type { DepositRequestInput } from '#shared/deposit-requests';
import type { Db } from '../../db/client';
import { depositRequests, users, walletEntries } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { checkDepositSlip } from './check-deposit-slip';
import { type DepositRequestRow, findDepositRequest } from './list-deposit-requests';

export interface RequestDepositOptions {
  brandId: string;
  userId: string;
  input: DepositRequestInput & { reference: string };
  /** The largest slip, decoded (UPLOAD_MAX_BYTES). */
  maxSlipBytes: number;
}

const ALREADY_ASKED = 'You have already asked for this deposit to be credited.';
const ALREADY_CREDITED = 'This reference has already been credited to your wallet.';

/**
 * An agent's deposit request (docs/finance-statements.md#deposit-requests), pending until the
 * agency's finance staff decide it: in the wallet's currency, its slip checked (checkDepositSlip).
 * A reference already credited to the wallet, or already asked about and not rejected, is 409
 * CONFLICT naming `reference`.
 */
export async function requestDeposit(db: Db, options: RequestDepositOptions): Promise<DepositRequestRow> {
  const { input } = options;
  const slip = input.slip ? await checkDepositSlip(input.slip, options.maxSlipBytes) : null;
  const [user] = await db
    .select({ currency: users.walletCurrency })
    .from(users)
    .where(and(eq(users.id, options.userId), eq(users.brandId, options.brandId)));
  if (!user) throw new AppError('NOT_FOUND', 'There is no such wallet.');
  const [credited] = await db
    .select({ id: walletEntries.id })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, options.userId), eq(walletEntries.reference, input.reference)));
  if (credited) throw new AppError('CONFLICT', ALREADY_CREDITED, { reference: ALREADY_CREDITED });
  try {
    const [created] = await db
      .insert(depositRequests)
      .values({
        brandId: options.brandId,
        userId: options.userId,
        amount: input.amount,
        currency: user.currency,
        reference: input.reference,
        depositedOn: input.deposited_on,
        slip: slip?.bytes ?? null,
        slipContentType: slip?.contentType ?? null,
      })
      .returning({ id: depositRequests.id });
    if (!created) throw new Error('the deposit request was not written');
    return await findDepositRequest(db, { brandId: options.brandId, id: created.id });
  } catch (error) {
    if (isUniqueViolation(error, 'deposit_requests_user_reference')) {
      throw new AppError('CONFLICT', ALREADY_ASKED, { reference: ALREADY_ASKED });
    }
    throw error;
  }
}
