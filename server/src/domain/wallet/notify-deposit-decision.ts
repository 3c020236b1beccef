import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsOutbox, users } from '../../db/schema/index';
import { brandNamesOf } from '../brands/brand-names-of';
import { sendEmail } from '../email/send-email';
import { smsLength } from '../sms/sms-parts';
import { recordWebhookEvents } from '../webhooks/record-webhook-events';
import { formatMinor } from './format-minor';
import type { DepositRequestRow } from './list-deposit-requests';

/**
 * Tells the agent a deposit request was decided, in the decision's transaction: an e-mail (the
 * outbox), an SMS when their account has a mobile (the SMS outbox, sent when SMS_PROVIDER is set)
 * and the `wallet.deposit` webhook event (docs/webhooks.md). No link and no secret in either text.
 */
export async function notifyDepositDecision(
  tx: Db,
  options: { brandId: string; request: DepositRequestRow; balance: number },
): Promise<void> {
  const { request, balance } = options;
  const [agent] = await tx
    .select({ email: users.email, mobile: users.mobile, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, request.userId));
  if (!agent) return;
  const { brandName } = await brandNamesOf(tx, options.brandId);
  const amount = formatMinor(request.amount, request.currency);
  const approved = request.status === 'approved';
  const outcome = approved ? 'approved: your wallet was credited' : 'not approved';
  const reason = request.decisionNote ? `\nNote from the agency: ${request.decisionNote}` : '';
  if (agent.email) {
    await sendEmail(tx, {
      brandId: options.brandId,
      to: agent.email,
      subject: approved
        ? `Deposit of ${amount} credited to your wallet`
        : `Deposit of ${amount} not approved`,
      text:
        `Dear ${agent.firstName},\n\nYour deposit request of ${amount} (reference ${request.reference}, ` +
        `paid in on ${request.depositedOn}) was ${outcome}.${reason}\n\n` +
        `Wallet balance: ${formatMinor(balance, request.currency)}\n`,
    });
  }
  if (agent.mobile) {
    const text = approved
      ? `${brandName}: deposit ${amount} (ref ${request.reference}) credited. Wallet balance ${formatMinor(balance, request.currency)}.`
      : `${brandName}: deposit ${amount} (ref ${request.reference}) was not approved. Please contact the agency.`;
    await tx
      .insert(smsOutbox)
      .values({
        brandId: options.brandId,
        kind: 'wallet_deposit',
        dedupeKey: `wallet_deposit:${request.id}`,
        to: agent.mobile,
        language: 'en',
        text,
        parts: smsLength(text).parts,
      })
      .onConflictDoNothing();
  }
  await recordWebhookEvents(tx, [
    {
      brandId: options.brandId,
      userId: request.userId,
      type: 'wallet.deposit',
      resourceType: 'deposit_request',
      resourceId: String(request.id),
    },
  ]);
}
