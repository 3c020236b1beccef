import type { AgentStatement } from '#shared/wallet-statements';
import { type CsvCell, majorUnits, toCsv } from './csv';

/**
 * Wallet statements as files (docs/finance-statements.md#statements): one table, the same rows in CSV and
 * XLSX. Per agent an opening-balance row, one row per entry with its PNR and the balance after it, and a
 * closing-balance row. Dates are Nepal time, the BS date beside the AD one; amounts in rupees and,
 * for machines, in paisa.
 */
export const STATEMENT_COLUMNS = [
  'agent',
  'agent_email',
  'date (Asia/Kathmandu)',
  'date_bs',
  'entry',
  'pnr',
  'reference',
  'note',
  'currency',
  'amount',
  'balance',
  'amount_minor',
  'balance_minor',
] as const;

type StatementRow = [
  agent: string,
  email: string | null,
  date: string,
  dateBs: string,
  entry: string,
  pnr: string | null,
  reference: string | null,
  note: string | null,
  currency: string,
  amount: number | null,
  balance: number,
];

function statementRows(statements: AgentStatement[]): StatementRow[] {
  const rows: StatementRow[] = [];
  for (const s of statements) {
    const agent = s.agent.name;
    rows.push([
      agent,
      s.agent.email,
      s.from,
      s.fromBs,
      'opening balance',
      null,
      null,
      null,
      s.currency,
      null,
      s.openingBalance,
    ]);
    for (const line of s.lines) {
      rows.push([
        agent,
        s.agent.email,
        line.date,
        line.dateBs,
        line.kind,
        line.pnr,
        line.reference,
        line.note,
        s.currency,
        line.amount,
        line.balance,
      ]);
    }
    rows.push([
      agent,
      s.agent.email,
      s.to,
      s.toBs,
      'closing balance',
      null,
      null,
      null,
      s.currency,
      null,
      s.closingBalance,
    ]);
  }
  return rows;
}

export function statementCsv(statements: AgentStatement[]): string {
  return toCsv(
    [...STATEMENT_COLUMNS],
    statementRows(statements).map((row): CsvCell[] => {
      const [amount, balance] = [row[9], row[10]];
      return [
        ...row.slice(0, 9),
        amount === null ? null : majorUnits(amount),
        majorUnits(balance),
        amount,
        balance,
      ] as CsvCell[];
    }),
  );
}

export async function statementXlsx(statements: AgentStatement[], title: string): Promise<Buffer> {
  // Loaded with the first spreadsheet, not at every start (0.2 s and megabytes of a restart).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Tikat';
  const sheet = workbook.addWorksheet('Statement', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = STATEMENT_COLUMNS.map((header) => ({
    header,
    key: header,
    width: header === 'note' || header === 'agent' ? 28 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of statementRows(statements)) {
    const [amount, balance] = [row[9], row[10]];
    sheet.addRow([...row.slice(0, 9), amount === null ? null : amount / 100, balance / 100, amount, balance]);
  }
  for (const key of ['amount', 'balance'] as const) sheet.getColumn(key).numFmt = '#,##0.00';
  workbook.title = title;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
