import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { message: 'use true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const DEVELOPMENT_SESSION_SECRET = 'development-only-secret-change-me-in-production';

/**
 * Every environment variable the server reads. Each is documented here and in the README;
 * none is read anywhere else. Browser-visible values: none (the web app reads the brand's
 * site configuration from the API instead).
 */
const envSchema = z
  .object({
    /** `production` turns on strict checks (a real session secret) and JSON logs. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** TCP port of the HTTP server. */
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Interface to listen on. */
    HOST: z.string().min(1).default('0.0.0.0'),
    /** `postgres://…` to use a PostgreSQL server; unset to use the embedded PGlite database. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
    /** Maximum connections in the PostgreSQL pool (ignored for PGlite). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Folder of the embedded PGlite database; `memory://` keeps it in memory. */
    DATA_DIR: z.string().min(1).default('./data/pglite'),
    /** `redis://…` to share rate limits, sessions and caches between instances. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /** Secret for signing session cookies and tokens; at least 32 characters. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_SESSION_SECRET),
    /** The address travellers use, for links in e-mails and payment return URLs. */
    PUBLIC_URL: z.url({ message: 'must be a URL such as https://tickets.example.com' }).optional(),
    /** Load the demo brands and demo flights at start (reference data always loads). */
    DEMO_DATA: booleanFlag.default(true),
    /** Slug of the brand served to host names no brand claims. */
    DEFAULT_BRAND: z.string().min(1).default('sajilo'),
    /** Trust X-Forwarded-* headers from a reverse proxy in front of the app. */
    TRUST_PROXY: booleanFlag.default(false),
    /** pino log level. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Largest accepted request body, in bytes. */
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_000_000),
    /** Origins allowed to embed the site in a frame, space-separated (partner apps). */
    FRAME_ANCESTORS: z.string().default("'self'"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
    }
  });

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws one ConfigError listing every problem. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const env = result.data;
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` };
}
