import { z } from 'zod';
import { COMMISSION_MAX_PERCENT, COMMISSION_MIN_PERCENT } from './constants';
import { STAFF_ROLES } from './staff-roles';
import { typedName } from './typed-name';

/** A console user's role (docs/admin.md#staff-roles); see shared/src/staff-roles.ts. */
export const staffRole = z.enum(STAFF_ROLES);

/** User types (spec §3, §6). Only `individual` users may not set a commission. */
export const userType = z.enum(['customer', 'individual', 'agent', 'admin']);
export type UserType = z.infer<typeof userType>;

/** The seed's message for a commission outside 0–20 or empty (spec §5, §8), verbatim. */
export const COMMISSION_RANGE_MESSAGE = 'Commission % must range from 0 to 20%.';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** An e-mail address, trimmed and lower-cased. */
export const emailAddress = z
  .string({ message: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .max(254, 'Use at most 254 characters.')
  .pipe(z.email({ message: 'Enter a valid e-mail address, such as name@example.com.' }));

/**
 * A Nepali mobile number (+977 and ten digits starting 96, 97 or 98), written with or without
 * the +977 prefix, spaces or dashes; normalised to E.164: `+9779801234567`.
 */
export const nepaliMobile = z
  .string({ message: 'Enter your mobile number.' })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').replace(/^(\+?977)/, ''))
  .pipe(z.string().regex(/^9[678]\d{8}$/, 'Enter a Nepali mobile number such as +977 98XXXXXXXX.'))
  .transform((digits) => `+977${digits}`);

/** Length rules only (no composition rules); the server also refuses common passwords. */
export const newPassword = z
  .string({ message: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

const personName = typedName(z.string().trim().min(1, 'Enter a name.').max(80, 'Use at most 80 characters.'));

export const signupRequest = z.object({
  firstName: personName,
  lastName: personName,
  email: emailAddress,
  mobile: nepaliMobile,
  password: newPassword,
  /** Travellers choose `customer` (default) or `individual`; agents are created by the agency. */
  type: z.enum(['customer', 'individual']).optional().default('customer'),
  /** `cookie` (browsers, default): an HttpOnly session cookie; `bearer`: the token in `data.accessToken`. */
  session: z.enum(['cookie', 'bearer']).optional().default('cookie'),
});
export type SignupRequest = z.input<typeof signupRequest>;

export const loginRequest = z.object({
  /** E-mail address or Nepali mobile number. */
  login: z.string({ message: 'Enter your e-mail or mobile number.' }).trim().min(1).max(254),
  password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
  session: z.enum(['cookie', 'bearer']).optional().default('cookie'),
});
export type LoginRequest = z.input<typeof loginRequest>;

/**
 * Checkout without an account (`POST /auth/guest`): the contact a booking's documents go to. The
 * guest gets a fresh customer of their own, never an existing account's.
 */
export const guestRequest = z.object({
  email: emailAddress,
  mobile: nepaliMobile,
  firstName: personName.optional(),
  lastName: personName.optional(),
  /** The seed's snake_case spelling is accepted too. */
  first_name: personName.optional(),
  last_name: personName.optional(),
  session: z.enum(['cookie', 'bearer']).optional().default('cookie'),
});
export type GuestRequest = z.input<typeof guestRequest>;

/** A guest, after paying, keeps their bookings in an account with this password. */
export const guestClaimRequest = z.object({ password: newPassword });
export type GuestClaimRequest = z.input<typeof guestClaimRequest>;

export const passwordResetRequest = z.object({ email: emailAddress });
export const passwordResetConfirm = z.object({
  token: z.string().min(16).max(200),
  password: newPassword,
});

/** A signed-in user changing their password: the current one proves it is them. */
export const passwordChangeRequest = z.object({
  currentPassword: z
    .string({ message: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(1024),
  password: newPassword,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequest>;

/**
 * A signed-in user's details as every account call returns them (spec §3 "store user"). The
 * `userToken` is the public id of the user the seed's client echoes back; it is not a credential.
 */
export const userDetails = z.object({
  userToken: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** First and last name. */
  name: z.string(),
  email: z.string().nullable(),
  /** Mobile in E.164 form (+977…). */
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  type: userType,
  brand: z.string().describe('Slug of the brand the user belongs to'),
  /** Prepaid wallet in minor units (paisa for NPR). */
  wallet_balance: z.number().int(),
  wallet_currency: z.string(),
  /** Percent, 0–20. */
  commission_percent: z.number(),
  /** An admin's console role (owner, finance, sales, support, viewer); null for every other type. */
  staff_role: staffRole.nullable(),
  /**
   * Present (true) when the agency made the agent a master agent, who runs sub-agents
   * (docs/accounts.md#sub-agents).
   */
  master_agent: z.boolean().optional(),
  /** A checkout guest (no password yet): offered `POST /auth/guest/claim` after paying. */
  guest: z.boolean().optional(),
});
export type UserDetails = z.infer<typeof userDetails>;

/** Log-in and sign-up answer: the user, plus the bearer token only when `session: 'bearer'` was asked. */
export const sessionResponse = userDetails.extend({
  accessToken: z.string().optional(),
});

/**
 * The commission a user may set: a number or numeric string from 0 to 20 (stored with two
 * decimals); empty is refused. Every failure carries the seed's one message.
 */
export const commissionPercentInput = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, COMMISSION_RANGE_MESSAGE),
    ],
    {
      message: COMMISSION_RANGE_MESSAGE,
    },
  )
  .transform(Number)
  .pipe(
    z
      .number({ message: COMMISSION_RANGE_MESSAGE })
      .min(COMMISSION_MIN_PERCENT, COMMISSION_RANGE_MESSAGE)
      .max(COMMISSION_MAX_PERCENT, COMMISSION_RANGE_MESSAGE),
  );

/** Customer details as a partner app sends them and `/clients/profile` returns them (spec §3). */
export const clientCustomerDetails = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  type: userType,
});
export type ClientCustomerDetails = z.infer<typeof clientCustomerDetails>;

export const clientProfileRequest = z.object({
  clientCustomerToken: z.string({ message: 'Send the clientCustomerToken.' }).min(1).max(200),
});

export const clientProfileResponse = z.object({
  clientCustomerDetails,
  user: userDetails,
});

/** One live session of the signed-in user (`GET /auth/sessions`, docs/accounts.md#sessions). */
export const userSessionDetails = z.object({
  /** An opaque id for `DELETE /auth/sessions/:id`: neither the token nor what the server stores. */
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The client's address at sign-in (behind a proxy: as TRUST_PROXY allows), if known. */
  ipAddress: z.string().nullable(),
  /** The browser's User-Agent at sign-in (at most 256 characters), if it sent one. */
  userAgent: z.string().nullable(),
  /** This is the session the request came with ("this device"). */
  current: z.boolean(),
});
export type UserSessionDetails = z.infer<typeof userSessionDetails>;

export const userSessionsResponse = z.object({ sessions: z.array(userSessionDetails) });

export const userSessionParams = z.object({ id: z.string().min(1).max(100) });
