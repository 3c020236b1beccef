import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database, Db } from '../db/client';
import type { AccountUser } from '../domain/accounts/find-user';
import type { PasswordHasher } from '../domain/accounts/password-hasher';
import type { ApiKeyRow } from '../domain/api-keys/create-api-key';
import type { AssetStorage } from '../domain/assets/asset-storage';
import type { Brand, BrandDirectory } from '../domain/brands/brand-directory';
import type { DerivedKey } from '../domain/crypto/key-ring';
import type { OutboxMail } from '../domain/outbox/deliver-email-outbox';
import type { SessionRecord, SessionStore } from '../domain/sessions/session-store';
import type { WebhookEventRow } from '../domain/webhooks/deliver-webhooks';
import type { Env } from '../env';
import { AppError } from '../errors';
import type { JobQueue } from '../jobs/job-queue';
import type { PaymentGatewayDirectory } from '../payments/brand-gateways';
import type { PolicyName, RoutePolicy } from '../policies/policy';
import type { SmsProvider } from '../sms/sms-provider';
import type { RateLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database handle; pass a transaction handle instead inside a transaction. */
    db: Db;
    database: Database;
    brands: BrandDirectory;
    env: Env;
    /** Server-side sessions, in the database whether or not REDIS_URL is set (decision 0004). */
    sessions: SessionStore;
    passwords: PasswordHasher;
    /** The Redis client when REDIS_URL is set: the rate limits' shared counters only. */
    redis: Redis | undefined;
    /** Abuse limits of log-in, sign-up, reset and customer-token (memory, or Redis). */
    rateLimiter: RateLimiter;
    /**
     * The payment gateways: the deployment's (`config`, `gateways`) and, by `forBrand`, a brand's,
     * with its own merchant accounts where it saved them. Money always moves through the brand's.
     */
    payments: PaymentGatewayDirectory;
    /** Where uploaded brand images are stored (UPLOADS_DIR, or an S3-compatible bucket). */
    assets: AssetStorage;
    /** How the outbox is sent (the `email.deliver-outbox` job): SMTP_URL's transport, if set. */
    mail: OutboxMail;
    /** The SMS gateway of SMS_PROVIDER (the `sms.deliver` job), or null: no SMS is sent. */
    sms: SmsProvider | null;
    /** The job queue (pg-boss in the database): jobs/definitions.ts lists every job. */
    jobs: JobQueue;
    /** Seals the links in queued e-mails that sign their recipient in (password, invitation). */
    emailLinksKey: DerivedKey;
    /** The key API keys are hashed with (HMAC-SHA256), derived from SESSION_SECRET (and the previous one). */
    apiKeysHashKey: DerivedKey;
    /** Seals webhooks' signing secrets at rest, derived from SESSION_SECRET. */
    webhookSecretsKey: DerivedKey;
    /** A webhook event's resource as the API presents it (http/webhook-resources.ts). */
    webhookResources: (event: WebhookEventRow) => Promise<unknown>;
    /** Every API route with its policy, as registered (the access sweep test walks it). */
    routePolicies: RoutePolicy[];
  }
  interface FastifyRequest {
    /** The brand of the request's host name (or the default brand), resolved for API routes. */
    brand: Brand | undefined;
    /**
     * The signed-in user of this brand (session cookie or `Authorization: Bearer`), or undefined.
     * Other routes read it, e.g. `request.user?.commissionPercent` for an agent's commission.
     */
    user: AccountUser | undefined;
    /** The session behind `user`, and how the client sent it. */
    session: { token: string; transport: 'cookie' | 'bearer'; record: SessionRecord } | undefined;
    /**
     * The API key behind `user` when the request came with one (`Authorization: Bearer tka_…`)
     * instead of a session: it acts as its owner within its scopes (policies/api-key-scopes.ts).
     */
    apiKey: ApiKeyRow | undefined;
  }
  interface FastifyContextConfig {
    /** Who may call the route: every API route names one policy of `server/src/policies/policy.ts`. */
    policy?: PolicyName;
  }
}

/** The request's brand; a host with no brand and no default brand configured answers 404. */
export function requireBrand(request: FastifyRequest): Brand {
  if (!request.brand) throw new AppError('BRAND_NOT_FOUND');
  return request.brand;
}

/** The signed-in user; routes behind a `signedIn`-or-stricter policy always have one. */
export function requireUser(request: FastifyRequest): AccountUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
