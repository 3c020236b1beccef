import type { FastifyReply } from 'fastify';

/**
 * Sends a file download (PDF, XLSX) that no one but the caller may keep a copy of. Taking the plain
 * FastifyReply lets a route whose JSON answer is typed send a file with `?format` instead.
 */
export function sendFile(
  reply: FastifyReply,
  file: { content: Buffer; type: string; fileName: string; inline?: boolean },
) {
  return reply
    .type(file.type)
    .header(
      'content-disposition',
      `${file.inline ? 'inline' : 'attachment'}; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    )
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

/**
 * A deposit slip (docs/finance-statements.md#deposit-requests), shown inline to its owner or the
 * brand's staff but never run (a sandbox CSP, nosniff), kept by no cache.
 */
export function sendDepositSlip(
  reply: FastifyReply,
  id: number,
  slip: { bytes: Buffer; contentType: string },
) {
  const extension = slip.contentType === 'application/pdf' ? 'pdf' : slip.contentType.split('/')[1];
  reply
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('x-content-type-options', 'nosniff');
  return sendFile(reply, {
    content: slip.bytes,
    type: slip.contentType,
    fileName: `deposit-slip-${id}.${extension}`,
    inline: true,
  });
}
