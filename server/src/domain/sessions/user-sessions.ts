import { createHash } from 'node:crypto';
import { AppError } from '../../errors';
import type { SessionRecord, SessionStore } from './session-store';

/**
 * The id a user sees for one of their sessions (docs/accounts.md#sessions). It is derived from the
 * stored id (the token's SHA-256) by another hash, so neither the token nor the stored hash ever
 * leaves the server: the public id opens nothing and names no row to anyone else.
 */
export function publicSessionId(storedId: string): string {
  return createHash('sha256').update(`tikat:session-public-id:${storedId}`).digest('base64url').slice(0, 22);
}

export interface UserSession {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
}

/** The user's live sessions, the caller's own marked `current`. */
export async function listUserSessions(
  store: SessionStore,
  input: { userId: string; currentSessionId: string | undefined },
): Promise<UserSession[]> {
  const live = await store.listLiveForUser(input.userId);
  return live.map((session: SessionRecord) => ({
    id: publicSessionId(session.id),
    createdAt: session.createdAt,
    lastUsedAt: session.lastSeenAt,
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
    current: session.id === input.currentSessionId,
  }));
}

/**
 * Ends one of the user's own live sessions by its public id. Another user's session, an ended one
 * and an unknown id all answer the same 404, so the answer tells nothing about other users.
 */
export async function endUserSession(
  store: SessionStore,
  input: { userId: string; publicId: string },
): Promise<{ storedId: string }> {
  const live = await store.listLiveForUser(input.userId);
  const target = live.find((session) => publicSessionId(session.id) === input.publicId);
  if (!target || !(await store.revokeForUser(input.userId, target.id))) throw new AppError('NOT_FOUND');
  return { storedId: target.id };
}
