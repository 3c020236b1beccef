import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '#shared/staff-roles';
import { brands } from './brands';

/**
 * Who a user is (spec §1, §6): `customer` and `individual` are travellers; `agent` books for
 * clients and may set a commission; `admin` runs the agency (brand). Only `individual` may not
 * set a commission.
 */
export const USER_TYPES = ['customer', 'individual', 'agent', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Partner apps (app-SDK mode) registered by a brand's admin; the secret is kept only as a hash. */
export const partnerApps = pgTable('partner_apps', {
  id: uuid('id').primaryKey().defaultRandom(),
  brandId: uuid('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** Public identifier the partner's server sends with its secret. */
  clientId: text('client_id').notNull().unique(),
  /** SHA-256 (hex) of the high-entropy secret shown once at registration. */
  secretHash: text('secret_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Agents an agency prices alike: the commission it grants each of them unless an agent has their own. */
export const agentGroups = pgTable(
  'agent_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Percent of the base fare granted to the group's agents (capped by the brand's maximum). */
    grantedCommissionPercent: numeric('granted_commission_percent', {
      precision: 5,
      scale: 2,
      mode: 'number',
    })
      .notNull()
      .default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agent_groups_brand_name_key').on(table.brandId, table.name),
    check('agent_groups_commission_range', sql`${table.grantedCommissionPercent} between 0 and 100`),
  ],
);

/** A person who signs in to one brand's site; every user belongs to exactly one brand. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    type: text('type').notNull().$type<UserType>(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased e-mail address; unique within the brand. */
    email: text('email'),
    /** Nepali mobile number in E.164 form (+9779XXXXXXXXX); unique within the brand. */
    mobile: text('mobile'),
    /** Argon2id PHC string; null for customers signed in only through a partner app. */
    passwordHash: text('password_hash'),
    /** Prepaid wallet balance in minor units (paisa for NPR). */
    walletBalance: bigint('wallet_balance', { mode: 'number' }).notNull().default(0),
    walletCurrency: text('wallet_currency').notNull().default('NPR'),
    /**
     * Credit an admin gives an agent (minor units, 0: none): the wallet may go down to minus this.
     * Checked under the user's row lock by every debit (`postWalletEntry`).
     */
    walletCreditLimit: bigint('wallet_credit_limit', { mode: 'number' }).notNull().default(0),
    /**
     * The commission the user sets themselves (spec §5, §9), 0–20: an agent's markup to their own
     * clients, on top of the agency's price. It never lowers what the agent pays.
     */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /** Commission the agency grants this agent off the base fare, percent; null: their group's or the brand's. */
    grantedCommissionPercent: numeric('granted_commission_percent', {
      precision: 5,
      scale: 2,
      mode: 'number',
    }),
    /** The agent group whose granted commission applies when the agent has none of their own. */
    agentGroupId: uuid('agent_group_id').references(() => agentGroups.id, { onDelete: 'set null' }),
    /**
     * Set by the agency's admin: this agent may create sub-agents, fund them from their wallet and
     * pass them a part of their commission (docs/accounts.md#sub-agents).
     */
    isMasterAgent: boolean('is_master_agent').notNull().default(false),
    /** A sub-agent's master agent (one level only: a sub-agent is never a master). */
    masterAgentId: uuid('master_agent_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    /**
     * Set by the master agent: the part of the master's granted commission passed to this sub-agent,
     * percent of the base fare (null: none); capped by the master's own when prices are made.
     */
    masterGrantedCommissionPercent: numeric('master_granted_commission_percent', {
      precision: 5,
      scale: 2,
      mode: 'number',
    }),
    /**
     * Set by the master agent: their own markup on this sub-agent's price, percent of the agency's
     * price (0–20); the sub-agent pays it on top of what they owe, and the master earns it.
     */
    masterMarkupPercent: numeric('master_markup_percent', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /** The partner app that created this customer (app-SDK sign-in), if any. */
    partnerAppId: uuid('partner_app_id').references(() => partnerApps.id, { onDelete: 'set null' }),
    /** Set by an admin: a suspended user's sessions end and log-in is refused until reinstated. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * Platform operator (above every brand): may call `/platform/…` to create and list brands.
     * The user still belongs to one brand and signs in on its host; the flag is set only by seed or SQL.
     */
    platformOperator: boolean('platform_operator').notNull().default(false),
    /**
     * The console role of an `admin` (docs/admin.md#staff-roles: owner, finance, sales, support, viewer);
     * null for every other type. A trigger keeps it so: an admin made without one is an `owner` (as
     * every admin was before roles), a user retyped away from admin loses it.
     */
    staffRole: text('staff_role').$type<StaffRole>(),
    /**
     * A guest of the checkout (`POST /auth/guest`): a fresh customer with no password, no e-mail
     * and no mobile of its own (so it never collides with, or signs in as, an account). The contact
     * the traveller typed is kept in `guest_email` / `guest_mobile` until they claim the account.
     */
    guest: boolean('guest').notNull().default(false),
    /** The e-mail a guest gave (lower case); becomes `email` when they claim the account. */
    guestEmail: text('guest_email'),
    /** The mobile a guest gave (+977…); becomes `mobile` when they claim the account. */
    guestMobile: text('guest_mobile'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_brand_email_key').on(table.brandId, table.email),
    uniqueIndex('users_brand_mobile_key').on(table.brandId, table.mobile),
    check('users_type_check', sql`${table.type} in ('customer', 'individual', 'agent', 'admin')`),
    check('users_commission_range', sql`${table.commissionPercent} between 0 and 20`),
    check('users_granted_commission_range', sql`${table.grantedCommissionPercent} between 0 and 100`),
    index('users_master_agent_idx').on(table.masterAgentId),
    check(
      'users_master_granted_commission_range',
      sql`${table.masterGrantedCommissionPercent} between 0 and 100`,
    ),
    check('users_master_markup_range', sql`${table.masterMarkupPercent} between 0 and 20`),
    check(
      'users_sub_agent_not_master',
      sql`not (${table.isMasterAgent} and ${table.masterAgentId} is not null)`,
    ),
    check('users_wallet_credit_limit_check', sql`${table.walletCreditLimit} >= 0`),
    check(
      'users_staff_role_check',
      sql`(${table.type} = 'admin') = (${table.staffRole} is not null) and (${table.staffRole} is null or ${table.staffRole} in ('owner', 'finance', 'sales', 'support', 'viewer'))`,
    ),
    check(
      'users_contact_present',
      sql`${table.email} is not null or ${table.mobile} is not null or (${table.guest} and ${table.guestEmail} is not null)`,
    ),
  ],
);

/**
 * Server-side sessions (docs/decisions/0004-sessions-in-the-database-redis-for-counters.md). The token itself is never stored:
 * the id is the SHA-256 of the token the browser holds in its cookie (or an API client as Bearer).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last use; the session ends after SESSION_IDLE_MINUTES without use. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The session ends at this time whatever its use (SESSION_ABSOLUTE_HOURS). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The client's address at sign-in, shown in the user's list of sessions (docs/accounts.md#sessions). */
    ipAddress: text('ip_address'),
    /** The browser's User-Agent at sign-in, cut to 256 characters. */
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Single-use, time-limited password reset links; only the token's SHA-256 is stored. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An owner's invitation of a staff member (docs/admin.md#staff-roles): the e-mailed link's token is stored
 * only as its SHA-256. Accepting it creates the user (type `admin`, this role) in the brand, once.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** Lower-cased e-mail address the invitation went to. */
    email: text('email').notNull(),
    staffRole: text('staff_role').notNull().$type<StaffRole>(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The user the acceptance created. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Withdrawn by the owner, or replaced by a newer invitation to the same address. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('staff_invitations_brand_idx').on(table.brandId, table.createdAt),
    check(
      'staff_invitations_role_check',
      sql`${table.staffRole} in ('owner', 'finance', 'sales', 'support', 'viewer')`,
    ),
  ],
);

/** Short-lived, single-use tokens a partner app hands to the web app (`clientCustomerToken`). */
export const clientCustomerTokens = pgTable('client_customer_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  partnerAppId: uuid('partner_app_id')
    .notNull()
    .references(() => partnerApps.id, { onDelete: 'cascade' }),
  brandId: uuid('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What an outbox e-mail carries besides its text, by reference: the file is made when the e-mail
 * is sent (an e-ticket is rendered from its booking), so rows stay small and never hold stale bytes.
 */
export type OutboxAttachment = { kind: 'e-ticket'; bookingId: string };

/**
 * Every e-mail the application sends (e-tickets, resets, invitations, disruption notices) is a row
 * here first; the outbox delivery job sends due rows over SMTP when SMTP_URL is set. Without SMTP
 * the rows stay unsent and the admin reads them in the console.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The body as anyone who reads the outbox sees it: links that sign someone in are masked. */
    text: text('text').notNull(),
    /** The masked links' real addresses, sealed (AES-256-GCM); opened only to send the e-mail. */
    sealedLinks: text('sealed_links'),
    attachments: jsonb('attachments').notNull().default([]).$type<OutboxAttachment[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Send attempts made so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    /** Not tried again before this instant (back-off after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the row until then; a crashed sender's claim lapses. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Given up after the last allowed attempt. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('email_outbox_brand_created_idx').on(table.brandId, table.createdAt),
    index('email_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);
