import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import type { AssetStorage } from '../assets/asset-storage';
import { openSecrets } from '../crypto/secret-box';
import { type BrandDocumentLook, brandDocumentLook } from '../documents/brand-document-look';
import { emailHtml, LOGO_CID } from '../email/email-html';
import { maskLink } from '../email/send-email';
import type { CurrentGatewayMode } from '../tickets/paid-in-test-mode';
import { renderTicketAttachment } from '../tickets/render-ticket-pdf';
import { deliverDueRows } from './deliver-due-rows';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** A file attached to an outgoing message (nodemailer's shape). */
export interface MailFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** The application's mail settings: without a transport (no SMTP_URL) nothing is sent. */
export interface OutboxMail {
  transport: Transporter | undefined;
  from: string;
  /** Opens the sealed links of e-mails that sign their recipient in (`emailLinksKey`). */
  linksKey: Buffer;
}

export interface DeliverOutboxOptions extends OutboxMail {
  /** The gateways' modes: an e-ticket paid in a gateway's test mode says so (render-ticket-pdf.ts). */
  payments: CurrentGatewayMode;
  /**
   * Where brands' logos are: each message then also has an HTML part in the brand's colours
   * (email-html.ts) beside the plain text, and the e-ticket PDF carries the logo.
   */
  assets?: AssetStorage | undefined;
  /** Rows claimed per pass. */
  limit?: number;
  /** A claimed row is the sender's this long; after that (a crashed sender) another may take it. */
  claimSeconds?: number;
  log?: { error(object: unknown, message: string): void };
}

/** A file attached to an outgoing message, or shown inside it (`cid`). */
type MessageFile = MailFile & { cid?: string };

/** The message's HTML part and the brand's logo inline, when the brand's look is known. */
async function htmlPart(
  email: OutboxRow,
  text: string,
  looks: Map<string, Promise<BrandDocumentLook>>,
  lookOf: ((brandId: string) => Promise<BrandDocumentLook>) | undefined,
): Promise<{ html?: string; inline: MessageFile[] }> {
  if (!lookOf || !email.brandId) return { inline: [] };
  let look = looks.get(email.brandId);
  if (!look) {
    look = lookOf(email.brandId);
    looks.set(email.brandId, look);
  }
  const brand = await look;
  // Mail clients show PNG and JPEG; an SVG logo leaves the brand's name in the header.
  const logo = brand.logo;
  const inline =
    logo && (logo.contentType === 'image/png' || logo.contentType === 'image/jpeg')
      ? [{ filename: 'logo', content: logo.bytes, contentType: logo.contentType, cid: LOGO_CID }]
      : [];
  return { html: emailHtml(text, email.subject, brand, inline.length > 0), inline };
}

/** The body the recipient gets: the outbox's text with each masked link made real again. */
export function recipientText(email: Pick<OutboxRow, 'text' | 'sealedLinks'>, linksKey: Buffer): string {
  if (!email.sealedLinks) return email.text;
  let text = email.text;
  for (const [index, link] of Object.entries(openSecrets(email.sealedLinks, linksKey))) {
    text = text.replaceAll(maskLink(link, Number(index)), link);
  }
  return text;
}

/** Attempts before a row is given up (`failed_at`). */
export const MAX_SEND_ATTEMPTS = 8;

/**
 * One pass of the outbox delivery job (none without a transport): claims due e-mails, builds their attachments, sends each
 * over SMTP (no transaction is open while sending), and records it sent, or the error with a
 * back-off before the next attempt (given up after MAX_SEND_ATTEMPTS). Returns how many were sent.
 */
export async function deliverOutbox(db: Db, options: DeliverOutboxOptions): Promise<number> {
  const { transport } = options;
  if (!transport) return 0;
  const looks = new Map<string, Promise<BrandDocumentLook>>();
  const { assets } = options;
  const lookOf = assets ? (brandId: string) => brandDocumentLook(db, assets, brandId) : undefined;
  return deliverDueRows(db, emailOutbox, {
    limit: options.limit ?? 20,
    claimSeconds: options.claimSeconds ?? 300,
    maxAttempts: MAX_SEND_ATTEMPTS,
    attempt: async (email) => {
      try {
        const attachments = await Promise.all(
          email.attachments.map((file) =>
            renderTicketAttachment(db, file.bookingId, options.payments, options.assets),
          ),
        );
        const text = recipientText(email, options.linksKey);
        const { html, inline } = await htmlPart(email, text, looks, lookOf);
        await transport.sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text,
          ...(html ? { html } : {}),
          attachments: [...attachments, ...inline],
        });
        return { sent: true };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log?.error({ err: error, emailId: email.id, attempts: email.attempts }, 'e-mail not sent');
        return { sent: false, error: message.slice(0, 500), retryable: true };
      }
    },
  });
}
