import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

/** Who made a booking, as its views name them. */
export interface BookerInfo {
  id: string;
  name: string;
  type: string;
  /** Set when the booker is a sub-agent. */
  masterAgentId: string | null;
}

/** The bookers of these user ids, by id (one query). */
export async function loadBookers(db: Db, userIds: string[]): Promise<Map<string, BookerInfo>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      type: users.type,
      masterAgentId: users.masterAgentId,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: `${row.firstName} ${row.lastName}`.trim(),
        type: row.type,
        masterAgentId: row.masterAgentId,
      },
    ]),
  );
}
