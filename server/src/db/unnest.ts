import { type SQL, sql } from 'drizzle-orm';

/** A column of `unnest`: its PostgreSQL type and how to read its value off a row. */
export type UnnestColumn<Row> = readonly [type: UnnestType, value: (row: Row) => unknown];

type UnnestType = 'uuid' | 'text' | 'integer' | 'smallint' | 'date' | 'timestamptz' | 'jsonb';

/**
 * `unnest($1::type[], $2::type[], …)`: rows as one array parameter per column. The statement is
 * the same however many rows a batch has, so it costs a fixed, small amount to build and send,
 * where a multi-row VALUES list grows with every row and column. Dates go as ISO text, JSON as
 * its text; both drivers (node-postgres, PGlite) pass the arrays as they are.
 */
export function unnest<Row>(rows: readonly Row[], columns: readonly UnnestColumn<Row>[]): SQL {
  const arrays = columns.map(([type, value]) => {
    const values = rows.map((row) => toParameter(type, value(row)));
    return sql`${sql.param(values)}::${sql.raw(type)}[]`;
  });
  return sql`unnest(${sql.join(arrays, sql`, `)})`;
}

function toParameter(type: UnnestType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'jsonb') return JSON.stringify(value);
  if (value instanceof Date) return value.toISOString();
  return value;
}
