import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { BatchedLookup } from '../../db/batched-lookup';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { type AccountUser, accountUserColumns } from '../accounts/find-user';
import { hashToken, newSecretToken } from '../crypto/secret-token';

/** A live session. Its id is the SHA-256 of the token; the token itself is never stored. */
export interface SessionRecord {
  id: string;
  userId: string;
  brandId: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** Absolute end of the session. */
  expiresAt: Date;
  /** The client's address and browser at sign-in (docs/accounts.md#sessions), when known. */
  ipAddress: string | null;
  userAgent: string | null;
  /** The session's user, when the store read it in the same query (the database store does). */
  user?: AccountUser | undefined;
}

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
}

/**
 * Where sessions live: PostgreSQL/PGlite by default, Redis when REDIS_URL is set. Time-outs are
 * checked here, with the application clock, whatever the store.
 */
export interface SessionStore {
  /** Starts a session; the token goes to the client (cookie or bearer) and nowhere else. */
  create(input: NewSessionInput): Promise<{ token: string; session: SessionRecord }>;
  /** The live session of a token (and marks it used), or undefined if unknown, idle, expired or revoked. */
  find(token: string): Promise<SessionRecord | undefined>;
  revoke(token: string): Promise<void>;
  /** Ends every session of a user (after a password reset). */
  revokeAllForUser(userId: string): Promise<void>;
  /** The user's live sessions, most recently used first (without `user`). */
  listLiveForUser(userId: string): Promise<SessionRecord[]>;
  /** Ends one session of the user by its stored id; false when the user has no such live session. */
  revokeForUser(userId: string, sessionId: string): Promise<boolean>;
}

export interface NewSessionInput {
  userId: string;
  brandId: string;
  ipAddress?: string | null | undefined;
  userAgent?: string | null | undefined;
}

/** A User-Agent is kept to this many characters: enough to tell browsers apart, no more. */
export const MAX_USER_AGENT_LENGTH = 256;

/** Last-use times are written at most this often, not on every request. */
export const TOUCH_INTERVAL_MS = 60_000;

/** Whether a session is still within its idle and absolute time-outs at `now`. */
export function isSessionLive(session: SessionRecord, timeouts: SessionTimeouts, now: Date): boolean {
  return (
    session.expiresAt.getTime() > now.getTime() &&
    session.lastSeenAt.getTime() + timeouts.idleMs > now.getTime()
  );
}

export function newSession(input: NewSessionInput, timeouts: SessionTimeouts) {
  const token = newSecretToken();
  const now = new Date();
  const session: SessionRecord = {
    id: hashToken(token),
    userId: input.userId,
    brandId: input.brandId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + timeouts.absoluteMs),
    ipAddress: input.ipAddress?.slice(0, 64) || null,
    userAgent: input.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null,
  };
  return { token, session };
}

/** Sessions in the `sessions` table. */
export class DatabaseSessionStore implements SessionStore {
  /**
   * Every signed-in request reads its session and user. The query is built once (building a
   * Drizzle query costs more than running it), and requests arriving together share one run.
   */
  private readonly lookup: BatchedLookup<string, SessionRecord>;

  constructor(
    private readonly db: Db,
    private readonly timeouts: SessionTimeouts,
  ) {
    const findWithUsers = db
      .select({ session: sessions, user: accountUserColumns })
      .from(sessions)
      .leftJoin(users, and(eq(users.id, sessions.userId), eq(users.brandId, sessions.brandId)))
      .where(and(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`, isNull(sessions.revokedAt)))
      .prepare('find_sessions_with_users');
    this.lookup = new BatchedLookup(async (ids) => {
      const rows = await findWithUsers.execute({ ids });
      return new Map(rows.map((row) => [row.session.id, { ...row.session, user: row.user ?? undefined }]));
    });
  }

  async create(input: NewSessionInput) {
    const created = newSession(input, this.timeouts);
    await this.db.insert(sessions).values(created.session);
    return created;
  }

  async find(token: string): Promise<SessionRecord | undefined> {
    const found = await this.lookup.load(hashToken(token));
    // Requests of one token may share a look-up: each gets its own copy to mark as seen.
    const row = found && { ...found };
    const now = new Date();
    if (!row || !isSessionLive(row, this.timeouts, now)) return undefined;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
      row.lastSeenAt = now;
    }
    return row;
  }

  async revoke(token: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, hashToken(token)));
  }

  async revokeAllForUser(userId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  async listLiveForUser(userId: string): Promise<SessionRecord[]> {
    const now = new Date();
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt));
    return rows.filter((row) => isSessionLive(row, this.timeouts, now));
  }

  async revokeForUser(userId: string, sessionId: string): Promise<boolean> {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return ended.length > 0;
  }
}
