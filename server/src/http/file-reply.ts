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
