import { z } from 'zod';
import { emailAddress, nepaliMobile } from '#shared/accounts';

/** What a partner's server sends to get a `clientCustomerToken` (server to server). */
export const customerTokenRequest = z.object({
  clientId: z.string({ message: 'Send the clientId.' }).min(1).max(100),
  clientSecret: z.string({ message: 'Send the clientSecret.' }).min(1).max(200),
  customer: z.object({
    firstName: z.string().trim().min(1, 'Enter a name.').max(80),
    lastName: z.string().trim().min(1, 'Enter a name.').max(80),
    email: emailAddress.optional(),
    mobile: nepaliMobile.optional(),
    type: z.enum(['customer', 'individual']).optional().default('customer'),
  }),
});

export const customerTokenResponse = z.object({
  /** Single-use, short-lived, valid on the partner's brand only. */
  clientCustomerToken: z.string(),
  expiresAt: z.string().describe('ISO 8601'),
  /** Seconds until the token expires. */
  expiresIn: z.number().int(),
});
