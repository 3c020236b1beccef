import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { HOLD_LIMITS } from '#shared/hold-limits';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { message: 'use true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string => {
    if (['true', 'yes', 'on'].includes(value)) return true;
    if (['false', 'no', 'off', '0', ''].includes(value)) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    if (/^[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*$/.test(value)) return value;
    ctx.addIssue({ code: 'custom', message: 'use false, a number of proxies, their addresses, or true' });
    return z.NEVER;
  });

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

/** eSewa's public test merchant, from its developer documentation. */
export const ESEWA_TEST_PRODUCT_CODE = 'EPAYTEST';
export const ESEWA_TEST_SECRET_KEY = '8gBm/:&EnhH.1/q';
/** Khalti's test secret keys (and the built-in sandbox's) start with this; live ones do not. */
export const KHALTI_TEST_KEY_PREFIX = 'test_secret_key';

/** Hosts of the gateways' public test (UAT) environments, from their developer documentation. */
export const GATEWAY_TEST_HOSTS = {
  esewa: ['rc-epay.esewa.com.np', 'rc.esewa.com.np', 'uat.esewa.com.np'],
  khalti: ['dev.khalti.com', 'a.khalti.com'],
  connectips: ['uat.connectips.com'],
} as const;
export type TestHostGateway = keyof typeof GATEWAY_TEST_HOSTS;

/** Whether the address is on one of the gateway's published test hosts. */
export function isGatewayTestHost(gateway: TestHostGateway, url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (GATEWAY_TEST_HOSTS[gateway] as readonly string[]).includes(host);
}

/** A PEM put in one environment line may carry `\\n` for its line breaks. */
export function pemFromEnv(value: string): string {
  return value.replaceAll('\\n', '\n');
}

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
    /** `redis://…` to keep sessions and rate-limit counters in Redis, shared between instances. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /** Secret for signing session cookies and tokens; at least 32 characters. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_SESSION_SECRET),
    /**
     * The secret SESSION_SECRET replaced, while a rotation is under way: what it sealed or hashed
     * still opens, everything new uses SESSION_SECRET (docs/operations.md#rotating-session_secret).
     */
    SESSION_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The address travellers use, for links in e-mails and payment return URLs. */
    PUBLIC_URL: z.url({ message: 'must be a URL such as https://tickets.example.com' }).optional(),
    /**
     * Load the demo brands, users and flights at start (reference data always loads); default on
     * except in production, where the demo accounts' published password would open the platform.
     */
    DEMO_DATA: booleanFlag.optional(),
    /** Slug of the brand served to host names no brand claims. */
    DEFAULT_BRAND: z.string().min(1).default('sajilo'),
    /**
     * Which X-Forwarded-* entries to believe: `false` (none), a number of proxies in front of the
     * app (the client is the address the outermost one saw), their addresses or CIDR ranges
     * (comma-separated), or `true` (every entry: only behind a proxy that replaces the header).
     */
    TRUST_PROXY: trustProxySetting.default(false),
    /** pino log level. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Largest accepted request body, in bytes. */
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_000_000),
    /**
     * Bearer token that lets a Prometheus server read GET /metrics from anywhere; without it only a
     * direct loopback caller (no proxy in between) may read it.
     */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Origins every brand may be framed by, space-separated (brands add their own partner origins). */
    FRAME_ANCESTORS: z.string().default("'self'"),
    /** Prefix of every Redis key this deployment writes (lets several apps or tests share one Redis). */
    REDIS_KEY_PREFIX: z.string().min(1).max(100).default('tikat:'),
    /** A session unused for this many minutes ends (idle time-out). */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(43_200).default(60),
    /** A session ends this many hours after log-in, however much it is used (absolute time-out). */
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(8_760).default(12),
    /** Argon2id memory cost in KiB (OWASP: 19456). Tests lower it to stay fast. */
    PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(19_456),
    /** Argon2id iterations (OWASP: 2 with 19 MiB). */
    PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(20).default(2),
    /** A password reset link works once, for this many minutes. */
    PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(1_440).default(30),
    /** A partner app's clientCustomerToken works once, for this many seconds. */
    CLIENT_CUSTOMER_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3_600).default(120),
    /** Window of the log-in, sign-up, reset and customer-token rate limits, in seconds. */
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** Attempts allowed per client IP address in one window, for each of those actions. */
    RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
    /**
     * Attempts allowed per account (e-mail, mobile or partner client id) from one IP address in one
     * window: an attacker at one address never locks the owner out at another.
     */
    RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Attempts allowed per account from all addresses together in one window (a distributed attack). */
    RATE_LIMIT_PER_ACCOUNT_ALL_ADDRESSES: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /**
     * Flight searches (`POST /flights/search`) allowed per client IP address per minute. A person
     * searches a few times a minute; the headroom is for many people behind one address (an
     * office, a mobile carrier's NAT). Over it: 429 RATE_LIMITED with Retry-After.
     */
    SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(600),
    /** Unpaid bookings one account may hold at once (spec §16.4); brands may lower it. */
    HOLD_LIMIT_UNPAID_BOOKINGS: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(HOLD_LIMITS.unpaidBookings),
    /** Unpaid seats one account may hold on one flight; brands may lower it. */
    HOLD_LIMIT_UNPAID_SEATS_PER_FLIGHT: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(HOLD_LIMITS.unpaidSeatsPerFlight),
    /** Holds that accounts less than a day old may start from one IP address per rate-limit window. */
    HOLD_LIMIT_NEW_ACCOUNT_HOLDS_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(HOLD_LIMITS.newAccountHoldsPerAddress),

    /** Serve the built-in gateway sandboxes under /sandbox/…; default on except in production. */
    PAYMENT_SANDBOX: booleanFlag.optional(),
    /** How long to wait for a payment gateway's answer before treating it as not verified. */
    PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** eSewa ePay v2 form host, e.g. https://rc-epay.esewa.com.np (test); default: the sandbox. */
    ESEWA_BASE_URL: httpUrl.optional(),
    /** eSewa status-check host, e.g. https://rc.esewa.com.np (test); default: ESEWA_BASE_URL. */
    ESEWA_STATUS_BASE_URL: httpUrl.optional(),
    /**
     * eSewa merchant product code; default: the public test merchant EPAYTEST. Production without
     * the sandboxes refuses EPAYTEST and needs a code with ESEWA_BASE_URL.
     */
    ESEWA_PRODUCT_CODE: z.string().min(1).optional(),
    /** eSewa HMAC secret key; default: the public test merchant's secret (as ESEWA_PRODUCT_CODE). */
    ESEWA_SECRET_KEY: z.string().min(1).optional(),
    /** Khalti host, e.g. https://dev.khalti.com (test) or https://khalti.com; default: the sandbox. */
    KHALTI_BASE_URL: httpUrl.optional(),
    /** Khalti live or test secret key (`Authorization: Key …`); required with KHALTI_BASE_URL. */
    KHALTI_SECRET_KEY: z.string().min(1).optional(),
    /** ConnectIPS host, e.g. https://uat.connectips.com (test); default: the sandbox. */
    CONNECTIPS_BASE_URL: httpUrl.optional(),
    /** ConnectIPS MERCHANTID; required with CONNECTIPS_BASE_URL. */
    CONNECTIPS_MERCHANT_ID: z.string().min(1).optional(),
    /** ConnectIPS APPID (also the HTTP Basic user of validatetxn); required with CONNECTIPS_BASE_URL. */
    CONNECTIPS_APP_ID: z.string().min(1).optional(),
    /** ConnectIPS APPNAME; required with CONNECTIPS_BASE_URL. */
    CONNECTIPS_APP_NAME: z.string().min(1).optional(),
    /** ConnectIPS HTTP Basic password of validatetxn; required with CONNECTIPS_BASE_URL. */
    CONNECTIPS_PASSWORD: z.string().min(1).optional(),
    /**
     * The merchant's RSA private key (PEM; `\n` may stand for line breaks) that signs TOKENs.
     * Required with CONNECTIPS_BASE_URL; without it a throw-away key is made at start for the sandbox.
     */
    CONNECTIPS_PRIVATE_KEY_PEM: z.string().min(1).optional(),
    /** Success URL registered with ConnectIPS (it appends `?TXNID=…`); default: PUBLIC_URL/api/b2b/v2/payments/connectips/return/success. */
    CONNECTIPS_SUCCESS_URL: httpUrl.optional(),
    /** Failure URL registered with ConnectIPS; default: PUBLIC_URL/api/b2b/v2/payments/connectips/return/failure. */
    CONNECTIPS_FAILURE_URL: httpUrl.optional(),
    /**
     * The gateways' hosts for a brand's own merchant account, by the environment it chose
     * (test or production). Unset: the brand's payments go to the deployment's host of that
     * gateway (its *_BASE_URL, or the built-in sandbox). eSewa's status host defaults to its form host.
     */
    ESEWA_TEST_BASE_URL: httpUrl.optional(),
    ESEWA_TEST_STATUS_BASE_URL: httpUrl.optional(),
    ESEWA_PRODUCTION_BASE_URL: httpUrl.optional(),
    ESEWA_PRODUCTION_STATUS_BASE_URL: httpUrl.optional(),
    KHALTI_TEST_BASE_URL: httpUrl.optional(),
    KHALTI_PRODUCTION_BASE_URL: httpUrl.optional(),
    CONNECTIPS_TEST_BASE_URL: httpUrl.optional(),
    CONNECTIPS_PRODUCTION_BASE_URL: httpUrl.optional(),
    /**
     * Duffel Flights API access token (`duffel_test_…` or `duffel_live_…`): turns Duffel on as a
     * supplier beside the house inventory for every brand. Unset: Duffel serves only the brands
     * that saved their own token in the console; the others search the house inventory alone.
     */
    DUFFEL_ACCESS_TOKEN: z
      .string()
      .regex(/^duffel_(test|live)_[A-Za-z0-9_-]+$/, 'must be a duffel_test_… or duffel_live_… token')
      .optional(),
    /** Duffel's API address, passed to the client as its base path (e.g. the local stand-in's). */
    DUFFEL_API_URL: httpUrl
      .refine((url) => ['', '/'].includes(new URL(url).pathname) || url.endsWith('/'), {
        message: 'end a path with / (the client resolves its paths against this address)',
      })
      .default('https://api.duffel.com'),
    /**
     * The secret of the webhook registered with Duffel (its dashboard shows it once): events sent
     * to `POST /suppliers/duffel/webhooks` are verified with it. Unset: every event is refused (401).
     */
    DUFFEL_WEBHOOK_SECRET: z.string().min(8).optional(),
    /** How long a search waits for each outside supplier before answering without its offers. */
    SUPPLIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    /** A booking's seats are held this many minutes; unpaid, the hold lapses and the seats go back on sale. */
    BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(1_440).default(20),
    /** How often each instance releases lapsed holds and reconciles pending gateway payments (0: never). */
    BOOKING_JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
    /** `smtp://user:pass@host:587` or `smtps://…` to send e-mail (tickets); unset: e-mails go to the outbox table. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    /** The From address of e-mails sent over SMTP. */
    MAIL_FROM: z.string().min(3).default('Tikat <tickets@tikat.example>'),
    /**
     * The SMS gateway travellers who ask for SMS are told through (docs/sms.md):
     * `sparrow` (Sparrow SMS, Nepal; needs SPARROW_SMS_TOKEN and SPARROW_SMS_FROM). Unset: no SMS
     * is sent (the messages wait in the SMS outbox; the e-mails are sent as ever).
     */
    SMS_PROVIDER: z.enum(['sparrow'], { message: 'use sparrow, or leave unset for no SMS' }).optional(),
    /** Sparrow SMS's token (never logged). */
    SPARROW_SMS_TOKEN: z.string().min(1).optional(),
    /** The sender identity Sparrow SMS gave the account. */
    SPARROW_SMS_FROM: z.string().min(1).max(40).optional(),
    /** The gateway's push endpoint; the local stand-in's (`npm run sms:sandbox`) in development. */
    SMS_API_URL: httpUrl.default('https://api.sparrowsms.com/v2/sms/'),
    /** How long the gateway has to answer one message. */
    SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Folder where brand images uploaded in the admin console are kept (served at /uploads/). */
    UPLOADS_DIR: z.string().min(1).default('./data/uploads'),
    /** S3-compatible bucket for uploads (e.g. https://s3.ap-south-1.amazonaws.com); unset: UPLOADS_DIR. */
    S3_ENDPOINT: httpUrl.optional(),
    /** The bucket (path-style addressing); required with S3_ENDPOINT. */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    /** Access key id of the bucket's credentials; required with S3_ENDPOINT. */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    /** Secret access key (never logged); required with S3_ENDPOINT. */
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** The bucket's region, signed into every request. */
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Largest accepted image upload (logo, favicon, banner), in bytes. */
    UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(20_000_000).default(2_000_000),
    /**
     * Let webhooks call private, loopback and link-local addresses (docs/webhooks.md#addresses): development
     * and tests, whose receivers run on the same machine. Never in production (cloud metadata services).
     */
    WEBHOOKS_ALLOW_PRIVATE: booleanFlag.default(false),
    /** Failed webhook deliveries are retried with exponential back-off for this many hours. */
    WEBHOOK_RETRY_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    /** A webhook is disabled (and its owner e-mailed) after this many failed attempts in a row. */
    WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(15),
    /** How long a webhook receiver has to answer one delivery. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Requests each API key may make per minute (429 RATE_LIMITED past it). */
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /**
     * A wallet payment that takes an agent's balance below this (minor units) sends their
     * `wallet.low` webhooks; 0: never.
     */
    WALLET_LOW_BALANCE_MINOR: z.coerce.number().int().min(0).default(500_000),
    /** An invitation link (new agent, a new brand's first admin) works once, for this many hours. */
    INVITE_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
    }
    if (env.SESSION_SECRET_PREVIOUS !== undefined && env.SESSION_SECRET_PREVIOUS === env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET_PREVIOUS'],
        message: 'must differ from SESSION_SECRET (the secret it replaced)',
      });
    }
    if (env.SMS_PROVIDER === 'sparrow') {
      for (const name of ['SPARROW_SMS_TOKEN', 'SPARROW_SMS_FROM'] as const)
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with SMS_PROVIDER=sparrow' });
    }
    const required: [string, string[]][] = [
      ['S3_ENDPOINT', ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']],
      ['KHALTI_BASE_URL', ['KHALTI_SECRET_KEY']],
      [
        'CONNECTIPS_BASE_URL',
        [
          'CONNECTIPS_MERCHANT_ID',
          'CONNECTIPS_APP_ID',
          'CONNECTIPS_APP_NAME',
          'CONNECTIPS_PASSWORD',
          'CONNECTIPS_PRIVATE_KEY_PEM',
        ],
      ],
    ];
    for (const [baseUrl, names] of required) {
      if (!env[baseUrl as keyof typeof env]) continue;
      for (const name of names.filter((n) => !env[n as keyof typeof env])) {
        ctx.addIssue({ code: 'custom', path: [name], message: `must be set with ${baseUrl}` });
      }
    }
    if (env.NODE_ENV === 'production' && env.PAYMENT_SANDBOX !== true) {
      for (const { path, message } of testPaymentSettings(env))
        ctx.addIssue({ code: 'custom', path: [path], message });
    }
    if (env.CONNECTIPS_PRIVATE_KEY_PEM) {
      try {
        createPrivateKey(pemFromEnv(env.CONNECTIPS_PRIVATE_KEY_PEM));
      } catch {
        ctx.addIssue({
          code: 'custom',
          path: ['CONNECTIPS_PRIVATE_KEY_PEM'],
          message: 'must be an RSA private key in PEM form',
        });
      }
    }
  });

type ParsedEnv = z.infer<typeof envSchema>;

const TEST_PAYMENTS_HINT = 'no real money would move (set PAYMENT_SANDBOX=true for a test deployment)';

/**
 * The deployment's gateway settings that would take test payments: a gateway's test host or
 * public test merchant. The per-environment *_TEST_BASE_URL hosts are not among them: they
 * serve brands' accounts in their test environment, which the brand's site marks as test.
 */
function testPaymentSettings(env: ParsedEnv): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const hosts: [TestHostGateway, keyof ParsedEnv][] = [
    ['esewa', 'ESEWA_BASE_URL'],
    ['esewa', 'ESEWA_STATUS_BASE_URL'],
    ['esewa', 'ESEWA_PRODUCTION_BASE_URL'],
    ['esewa', 'ESEWA_PRODUCTION_STATUS_BASE_URL'],
    ['khalti', 'KHALTI_BASE_URL'],
    ['khalti', 'KHALTI_PRODUCTION_BASE_URL'],
    ['connectips', 'CONNECTIPS_BASE_URL'],
    ['connectips', 'CONNECTIPS_PRODUCTION_BASE_URL'],
  ];
  for (const [gateway, name] of hosts) {
    const url = env[name];
    if (typeof url === 'string' && isGatewayTestHost(gateway, url))
      problems.push({
        path: name,
        message: `is ${gateway}'s test host in production: ${TEST_PAYMENTS_HINT}`,
      });
  }
  if (env.ESEWA_PRODUCT_CODE === ESEWA_TEST_PRODUCT_CODE)
    problems.push({
      path: 'ESEWA_PRODUCT_CODE',
      message: `is eSewa's public test merchant in production: ${TEST_PAYMENTS_HINT}`,
    });
  if (env.ESEWA_SECRET_KEY === ESEWA_TEST_SECRET_KEY)
    problems.push({
      path: 'ESEWA_SECRET_KEY',
      message: `is eSewa's public test secret in production: ${TEST_PAYMENTS_HINT}`,
    });
  if (env.ESEWA_BASE_URL) {
    for (const name of ['ESEWA_PRODUCT_CODE', 'ESEWA_SECRET_KEY'] as const)
      if (!env[name])
        problems.push({
          path: name,
          message: "must be set with ESEWA_BASE_URL in production (the default is eSewa's test merchant)",
        });
  }
  if (env.KHALTI_SECRET_KEY?.startsWith(KHALTI_TEST_KEY_PREFIX))
    problems.push({
      path: 'KHALTI_SECRET_KEY',
      message: `is a Khalti test key in production: ${TEST_PAYMENTS_HINT}`,
    });
  return problems;
}

export type Env = ParsedEnv & {
  PUBLIC_URL: string;
  PAYMENT_SANDBOX: boolean;
  ESEWA_PRODUCT_CODE: string;
  ESEWA_SECRET_KEY: string;
  DEMO_DATA: boolean;
};

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
  return {
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    PAYMENT_SANDBOX: env.PAYMENT_SANDBOX ?? env.NODE_ENV !== 'production',
    DEMO_DATA: env.DEMO_DATA ?? env.NODE_ENV !== 'production',
    ESEWA_PRODUCT_CODE: env.ESEWA_PRODUCT_CODE ?? ESEWA_TEST_PRODUCT_CODE,
    ESEWA_SECRET_KEY: env.ESEWA_SECRET_KEY ?? ESEWA_TEST_SECRET_KEY,
  };
}
