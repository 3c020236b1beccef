import { z } from 'zod';
import { emailAddress, nepaliMobile, staffRole, userType } from './accounts';
import { COMMISSION_MAX_PERCENT, COMMISSION_MIN_PERCENT } from './constants';
import { siteConfig } from './site-config';
import { typedName } from './typed-name';

/**
 * The admin console's contract (docs/admin.md): request and response shapes of `/api/b2b/v2/admin/…`
 * and `/api/b2b/v2/platform/…`, shared by the server (validation, OpenAPI) and the web forms.
 */

/** A host name a brand answers on: lower case, letters, digits, dots and dashes (an IPv4 address too). */
export const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'Use at most 253 characters.')
  .regex(
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'Enter a host name such as tickets.example.com.',
  );

const hostList = z
  .array(hostName)
  .min(1, 'Enter at least one host name.')
  .max(20, 'Use at most 20 host names.')
  .refine((hosts) => new Set(hosts).size === hosts.length, 'Each host name may appear once.');

/** A brand's settings as its admin sees them: every site-configuration field and its host names. */
export const brandSettings = z.object({
  id: z.string(),
  slug: z.string(),
  hosts: z.array(z.string()),
  config: siteConfig,
  updatedAt: z.string().describe('ISO 8601'),
});
export type BrandSettings = z.infer<typeof brandSettings>;

/** Saving the settings: the whole configuration (validated by the shared site-config schema) and hosts. */
export const updateBrandSettingsRequest = z.object({
  /** The names a brand's admin types are checked for hidden characters (stored ones are shown as they are). */
  config: siteConfig.extend({
    displayName: typedName(z.string().trim().min(1).max(80)),
    companyName: typedName(z.string().trim().min(1).max(120)),
  }),
  hosts: hostList,
});
export type UpdateBrandSettingsRequest = z.input<typeof updateBrandSettingsRequest>;

/** Image types an upload may have, by MIME type. */
export const UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** An uploaded image: put `url` in a logo, favicon or banner field, then save the settings. */
export const uploadedAsset = z.object({
  url: z.string().describe('Site-absolute path (/uploads/…) or, with a bucket, an https URL'),
  contentType: z.enum(UPLOAD_CONTENT_TYPES),
  bytes: z.number().int(),
});
export type UploadedAsset = z.infer<typeof uploadedAsset>;

/** Paging of every admin list: `page` from 1, `pageSize` up to 100. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Matching items over all pages. */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const listUsersQuery = pageQuery.extend({
  /** Part of a name, e-mail or mobile number. */
  q: z.string().trim().max(100).optional(),
  type: userType.optional(),
  status: z.enum(['active', 'suspended']).optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;

/** A user of the brand as the admin console shows it (wallet and commission are read-only here). */
export const adminUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  type: userType,
  suspended: z.boolean(),
  /** The commission the user sets themselves, percent, 0–20: an agent's markup to their clients. */
  commissionPercent: z.number(),
  /** The agent's own granted commission, percent; null: their group's or the brand's default. */
  ownGrantedCommissionPercent: z.number().nullable(),
  /** The agent group the user is in, if any. */
  agentGroupId: z.string().nullable(),
  /** The commission the agency grants the agent off the base fare, percent, as it applies now. */
  grantedCommissionPercent: z.number(),
  /** Minor units (paisa for NPR). */
  walletBalance: z.number().int(),
  walletCurrency: z.string(),
  /** Whether the user has chosen a password (an invited user has not yet). */
  hasPassword: z.boolean(),
  /** A checkout guest (`POST /auth/guest`): a customer with no password who has not claimed an account. */
  guest: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
  /** An admin's console role (docs/admin.md#staff-roles); null for every other type. */
  staffRole: staffRole.nullable(),
  /**
   * The agency made this agent a master agent: they create and fund sub-agents (docs/accounts.md#sub-agents).
   */
  masterAgent: z.boolean(),
  /** A sub-agent's master agent (user id); null for everyone else. */
  masterAgentId: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

const personName = typedName(z.string().trim().min(1, 'Enter a name.').max(80, 'Use at most 80 characters.'));

/** Creating a user invites them: an e-mail with a single-use link to choose their password. */
export const createUserRequest = z.object({
  firstName: personName,
  lastName: personName,
  email: emailAddress,
  mobile: z.union([z.literal(''), nepaliMobile]).optional(),
  type: userType.default('agent'),
  commissionPercent: z
    .number()
    .min(COMMISSION_MIN_PERCENT, 'Use 0 to 20.')
    .max(COMMISSION_MAX_PERCENT, 'Use 0 to 20.')
    .default(0),
});
export type CreateUserRequest = z.input<typeof createUserRequest>;

export const changeUserTypeRequest = z.object({ type: userType });

export const idParams = z.object({ id: z.uuid({ message: 'Not a valid id.' }) });

export const adminMessage = z.object({ message: z.string() });

/** An e-mail of the outbox: `waiting` (for SMTP, or for its next attempt), `sent`, or `failed` (given up). */
export const outboxEmailSummary = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  sentAt: z.string().nullable(),
  status: z.enum(['waiting', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** File names attached when sent, e.g. `e-ticket-ABC234.pdf`. */
  attachments: z.array(z.string()),
});
export const outboxEmail = outboxEmailSummary.extend({ text: z.string() });
export type OutboxEmailSummary = z.infer<typeof outboxEmailSummary>;
export type OutboxEmail = z.infer<typeof outboxEmail>;

/**
 * One SMS of the brand's delivery log (docs/sms.md): the recipient's mobile masked (`+97798*****678`),
 * links in the text with their query values hidden, as the e-mail outbox hides secret links.
 */
export const smsOutboxEntry = z.object({
  id: z.string(),
  /**
   * `held`, `ticketed`, `disrupted`, `reminder` (a booking's), `price_drop` (a price alert's) or
   * `wallet_deposit` (a deposit request's decision).
   */
  kind: z.enum(['held', 'ticketed', 'disrupted', 'reminder', 'price_drop', 'wallet_deposit']),
  /** The mobile, masked but for its first and last digits. */
  to: z.string(),
  language: z.enum(['en', 'ne']),
  text: z.string(),
  parts: z.number().int(),
  status: z.enum(['waiting', 'sent', 'failed']),
  attempts: z.number().int(),
  /** The provider that last answered and its code (Sparrow: `200`, `1007`…; `timeout`, `http 503`). */
  provider: z.string().nullable(),
  providerCode: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** Given up, its text was e-mailed instead. */
  fallbackEmailedAt: z.string().nullable(),
});
export type SmsOutboxEntry = z.infer<typeof smsOutboxEntry>;

export const auditEntry = z.object({
  id: z.string(),
  /** E-mail (or mobile) of who made the change. */
  actor: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string().describe('ISO 8601'),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const listAuditQuery = pageQuery.extend({ action: z.string().trim().max(60).optional() });

/** Platform operator: a brand in the list of all brands. */
export const brandSummary = z.object({
  id: z.string(),
  slug: z.string(),
  displayName: z.string(),
  hosts: z.array(z.string()),
  createdAt: z.string().describe('ISO 8601'),
});
export type BrandSummary = z.infer<typeof brandSummary>;

export const createBrandRequest = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'Use 2–40 lower-case letters, digits or dashes.'),
  displayName: typedName(z.string().trim().min(1, 'Enter the name travellers see.').max(80)),
  companyName: typedName(z.string().trim().min(1, 'Enter the company name.').max(120)),
  hosts: hostList,
  /** The brand's first admin, invited by e-mail to choose a password. */
  admin: z.object({
    firstName: personName,
    lastName: personName,
    email: emailAddress,
    mobile: z.union([z.literal(''), nepaliMobile]).optional(),
  }),
});
export type CreateBrandRequest = z.input<typeof createBrandRequest>;
