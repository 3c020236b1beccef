import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import type { CurrentGatewayMode } from '../tickets/paid-in-test-mode';
import { renderTicketAttachment } from '../tickets/ticket-mailer';
import { deliverOutbox } from './deliver-outbox';

export interface OutboxSenderOptions {
  /** `smtp://…` / `smtps://…`; unset: nothing is sent and the outbox is read in the admin console. */
  smtpUrl?: string | undefined;
  from: string;
  log?: { error(object: unknown, message: string): void };
  /** Opens the sealed links of queued e-mails (`emailLinksKey(SESSION_SECRET)`). */
  linksKey: Buffer;
  /** Whether an e-ticket is stamped TEST, for payments recorded without their mode. */
  payments: CurrentGatewayMode;
}

/** The app's outbox delivery: SMTP when configured, else a no-op (rows stay readable). */
export class OutboxSender {
  private readonly transport: Transporter | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: OutboxSenderOptions,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  get enabled(): boolean {
    return this.transport !== undefined;
  }

  /** One delivery pass (passes never overlap within an instance). Returns how many were sent. */
  deliverDue(): Promise<number> {
    const transport = this.transport;
    if (!transport) return Promise.resolve(0);
    this.running ??= deliverOutbox(this.db, {
      transport,
      from: this.options.from,
      renderAttachment: (attachment) =>
        renderTicketAttachment(this.db, attachment.bookingId, this.options.payments),
      log: this.options.log,
      linksKey: this.options.linksKey,
    }).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Starts a pass without waiting for it (after a request queued an e-mail). */
  nudge(): void {
    if (this.transport)
      this.deliverDue().catch((error) => this.options.log?.error({ err: error }, 'outbox pass failed'));
  }

  /** Waits for a pass under way, then closes the SMTP connections. */
  async close(): Promise<void> {
    await this.running?.catch(() => 0);
    this.transport?.close();
  }
}
