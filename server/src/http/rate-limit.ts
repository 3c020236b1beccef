import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';

/** Actions with abuse limits (docs/accounts.md#abuse-limits): each has its own counters. */
export type RateLimitedAction =
  | 'login'
  | 'signup'
  | 'guest'
  | 'password-reset'
  | 'customer-token'
  | 'new-account-hold'
  | 'flight-search';

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

/**
 * Fixed-window counters in Redis, shared by every app instance: counters are all Redis holds
 * (docs/decisions/0004-sessions-in-the-database-redis-for-counters.md).
 */
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
  /** Attempts per account from one address: what the attacker's address gets. */
  perAccount: number;
  /** Attempts per account from every address together: the slower limit on a distributed attack. */
  perAccountAllAddresses: number;
  /** Flight searches per address per minute (their own one-minute window). */
  searchesPerMinute: number;
}

/** "Too many attempts…" with when to try again, in words a person reads. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} seconds`
      : minutes === 1
        ? '1 minute'
        : `${minutes} minutes`;
  return new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${wait}.`, undefined, {
    retryAfterSeconds,
  });
}

/** "Too many searches…": a search refused for its address's rate, with when to try again. */
export function tooManySearches(retryAfterSeconds: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    `Too many searches from your network. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
    undefined,
    { retryAfterSeconds },
  );
}

/** The window of the search rate limit. */
export const SEARCH_WINDOW_MS = 60_000;

/**
 * Counts an attempt at `action` by the request's IP address and, when given, by the account it
 * names (a user id, e-mail, mobile or client id): per account and address, so that someone failing
 * at one address does not lock the owner out at another, and per account over all addresses, a
 * slower limit for many addresses at once. Over any limit → 429 RATE_LIMITED with `Retry-After`
 * and a message that says how long to wait.
 */
export class RateLimiter {
  constructor(
    private readonly counter: RateLimitCounter,
    private readonly policy: RateLimitPolicy,
  ) {}

  async check(request: FastifyRequest, action: RateLimitedAction, account?: string): Promise<void> {
    const checks: [string, number][] = [[`${action}:ip:${request.ip}`, this.policy.perIp]];
    if (account) {
      const who = `${request.brand?.id ?? '-'}:${account.trim().toLowerCase()}`;
      checks.push([`${action}:account-ip:${who}:${request.ip}`, this.policy.perAccount]);
      checks.push([`${action}:account:${who}`, this.policy.perAccountAllAddresses]);
    }
    await this.hitAll(checks);
  }

  /** Counts an attempt at `action` by the request's IP address against a limit of the caller's. */
  async checkAddress(request: FastifyRequest, action: RateLimitedAction, limit: number): Promise<void> {
    await this.hitAll([[`${action}:ip:${request.brand?.id ?? '-'}:${request.ip}`, limit]]);
  }

  /**
   * Counts a flight search by the request's address (over every brand: one scraper, many host
   * names) in a one-minute window; over the policy's rate → 429 RATE_LIMITED with Retry-After.
   */
  async checkSearch(request: FastifyRequest): Promise<void> {
    const { count, resetInMs } = await this.counter.hit(`flight-search:ip:${request.ip}`, SEARCH_WINDOW_MS);
    if (count > this.policy.searchesPerMinute) throw tooManySearches(retryAfterSecondsOf(resetInMs));
  }

  /** Counts a request made with an API key in a one-minute window: over `perMinute` → 429 RATE_LIMITED. */
  async checkApiKey(apiKeyId: string, perMinute: number): Promise<void> {
    const { count, resetInMs } = await this.counter.hit(`api-key:${apiKeyId}`, 60_000);
    if (count > perMinute) {
      const retryAfterSeconds = retryAfterSecondsOf(resetInMs);
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests with this API key. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
        undefined,
        { retryAfterSeconds },
      );
    }
  }

  private async hitAll(checks: [string, number][]): Promise<void> {
    for (const [key, limit] of checks) {
      const { count, resetInMs } = await this.counter.hit(key, this.policy.windowMs);
      if (count > limit) throw tooManyAttempts(retryAfterSecondsOf(resetInMs));
    }
  }
}

const retryAfterSecondsOf = (resetInMs: number) => Math.max(1, Math.ceil(resetInMs / 1000));

/**
 * Redis's shared counters while Redis answers, this process's own while it does not: signing in
 * keeps working through a Redis outage (each instance then counts alone). The switch is logged
 * once each way, not on every request.
 */
export class FallbackRateLimitCounter implements RateLimitCounter {
  private fallingBack = false;

  constructor(
    private readonly shared: RateLimitCounter,
    private readonly local: RateLimitCounter,
    private readonly log: { warn(object: unknown, message: string): void; info(message: string): void },
  ) {}

  async hit(key: string, windowMs: number) {
    try {
      const result = await this.shared.hit(key, windowMs);
      if (this.fallingBack) {
        this.fallingBack = false;
        this.log.info('Redis answers again: rate limits are shared by every instance again');
      }
      return result;
    } catch (error) {
      if (!this.fallingBack) {
        this.fallingBack = true;
        this.log.warn(
          { err: error },
          'Redis is unreachable: rate limits are counted per process until it answers',
        );
      }
      return this.local.hit(key, windowMs);
    }
  }
}
