import type { FastifyReply } from 'fastify';
import type { AgentStatement, StatementFormat } from '#shared/wallet-statements';
import { statementCsv, statementXlsx } from '../presenters/wallet-statement';
import { ok } from './envelope';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A statement in the format asked for: the JSON envelope (`json` of one agent or of all), or a
 * CSV or XLSX download named after it.
 */
export async function sendStatement<T extends object>(
  reply: FastifyReply,
  options: { format: StatementFormat; json: T; statements: AgentStatement[]; fileName: string },
) {
  if (options.format === 'json') return ok(options.json);
  const name = options.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  if (options.format === 'csv') {
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .send(Buffer.from(statementCsv(options.statements), 'utf8'));
  }
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .send(await statementXlsx(options.statements, options.fileName));
}
