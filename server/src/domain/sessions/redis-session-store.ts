import type { Redis } from 'ioredis';
import { hashToken } from '../accounts/secret-token';
import {
  isSessionLive,
  newSession,
  type SessionRecord,
  type SessionStore,
  type SessionTimeouts,
  TOUCH_INTERVAL_MS,
} from './session-store';

interface StoredSession {
  userId: string;
  brandId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * Sessions in Redis, shared by every app instance. Each key expires by itself after the idle
 * time-out (capped at the absolute end); a set per user lists its sessions for revocation.
 */
export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly timeouts: SessionTimeouts,
  ) {}

  private key(id: string) {
    return `${this.prefix}session:${id}`;
  }

  private userKey(userId: string) {
    return `${this.prefix}user-sessions:${userId}`;
  }

  private async save(session: SessionRecord): Promise<void> {
    const stored: StoredSession = {
      userId: session.userId,
      brandId: session.brandId,
      createdAt: session.createdAt.getTime(),
      lastSeenAt: session.lastSeenAt.getTime(),
      expiresAt: session.expiresAt.getTime(),
    };
    const ttlMs = Math.max(
      1,
      Math.min(session.lastSeenAt.getTime() + this.timeouts.idleMs, stored.expiresAt) - Date.now(),
    );
    await this.redis
      .multi()
      .set(this.key(session.id), JSON.stringify(stored), 'PX', ttlMs)
      .sadd(this.userKey(session.userId), session.id)
      .pexpire(this.userKey(session.userId), this.timeouts.absoluteMs)
      .exec();
  }

  async create(input: { userId: string; brandId: string }) {
    const created = newSession(input, this.timeouts);
    await this.save(created.session);
    return created;
  }

  async find(token: string): Promise<SessionRecord | undefined> {
    const id = hashToken(token);
    const raw = await this.redis.get(this.key(id));
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as StoredSession;
    const session: SessionRecord = {
      id,
      userId: stored.userId,
      brandId: stored.brandId,
      createdAt: new Date(stored.createdAt),
      lastSeenAt: new Date(stored.lastSeenAt),
      expiresAt: new Date(stored.expiresAt),
    };
    const now = new Date();
    if (!isSessionLive(session, this.timeouts, now)) return undefined;
    if (now.getTime() - stored.lastSeenAt > TOUCH_INTERVAL_MS) {
      session.lastSeenAt = now;
      await this.save(session);
    }
    return session;
  }

  async revoke(token: string): Promise<void> {
    const id = hashToken(token);
    const raw = await this.redis.get(this.key(id));
    await this.redis.del(this.key(id));
    if (raw) await this.redis.srem(this.userKey((JSON.parse(raw) as StoredSession).userId), id);
  }

  async revokeAllForUser(userId: string): Promise<void> {
    const ids = await this.redis.smembers(this.userKey(userId));
    await this.redis.del(this.userKey(userId), ...ids.map((id) => this.key(id)));
  }
}
