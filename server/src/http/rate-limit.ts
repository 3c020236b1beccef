import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';

/** Actions with abuse limits (issue 4): each has its own counters. */
export type RateLimitedAction = 'login' | 'signup' | 'password-reset' | 'customer-token';

export interface RateLimitCounter {
  /** Counts one attempt under `key`; answers the count in the current window and when it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

/** Fixed-window counters in this process's memory (one instance, or no Redis). */
export class MemoryRateLimitCounter implements RateLimitCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    if (this.windows.size > 100_000) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    }
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetInMs: window.resetAt - now };
  }
}

/** Fixed-window counters in Redis, shared by every app instance. */
export class RedisRateLimitCounter implements RateLimitCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number) {
    const fullKey = `${this.prefix}rate:${key}`;
    const results = await this.redis
      .multi()
      .set(fullKey, '0', 'PX', windowMs, 'NX')
      .incr(fullKey)
      .pttl(fullKey)
      .exec();
    const count = Number(results?.[1]?.[1] ?? 1);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }
}

export interface RateLimitPolicy {
  windowMs: number;
  perIp: number;
  perAccount: number;
}

/**
 * Counts an attempt at `action` by the request's IP address and, when given, by the account it
 * names (e-mail, mobile, client id); over either limit → 429 RATE_LIMITED with `Retry-After`.
 */
export class RateLimiter {
  constructor(
    private readonly counter: RateLimitCounter,
    private readonly policy: RateLimitPolicy,
  ) {}

  async check(request: FastifyRequest, action: RateLimitedAction, account?: string): Promise<void> {
    const checks: [string, number][] = [[`${action}:ip:${request.ip}`, this.policy.perIp]];
    if (account) {
      const brand = request.brand?.id ?? '-';
      checks.push([`${action}:account:${brand}:${account.trim().toLowerCase()}`, this.policy.perAccount]);
    }
    for (const [key, limit] of checks) {
      const { count, resetInMs } = await this.counter.hit(key, this.policy.windowMs);
      if (count > limit) {
        throw new AppError('RATE_LIMITED', undefined, undefined, {
          retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
        });
      }
    }
  }
}
