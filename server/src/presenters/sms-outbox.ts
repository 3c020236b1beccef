import type { SmsOutboxEntry } from '#shared/admin';
import type { SmsOutboxRow } from '../domain/sms/list-sms-outbox';

/** A mobile as the console shows it: `+97798*****678` (the country, the network and the last three). */
export function maskMobile(mobile: string): string {
  if (mobile.length <= 8) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 6)}${'*'.repeat(mobile.length - 9)}${mobile.slice(-3)}`;
}

/**
 * Links in an SMS as the console shows them: the address with every query value hidden, as the
 * e-mail outbox shows secret links (a price alert's link is a public search, but nobody's working
 * link is shown in a log).
 */
export function maskLinks(text: string): string {
  return text.replace(/https?:\/\/\S+/g, (link) => {
    try {
      const url = new URL(link);
      const query = [...url.searchParams.keys()].map((name) => `${name}=********`).join('&');
      return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
    } catch {
      return '********';
    }
  });
}

/** One SMS of the brand's delivery log, for its console. */
export function presentSmsOutboxEntry(row: SmsOutboxRow): SmsOutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    to: maskMobile(row.to),
    language: row.language,
    text: maskLinks(row.text),
    parts: row.parts,
    status: row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'waiting',
    attempts: row.attempts,
    provider: row.provider,
    providerCode: row.providerCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    fallbackEmailedAt: row.fallbackEmailedAt?.toISOString() ?? null,
  };
}
