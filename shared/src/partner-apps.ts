import { z } from 'zod';
import { typedName } from './typed-name';

export const registerPartnerAppRequest = z.object({
  name: typedName(
    z.string().trim().min(1, 'Enter the partner’s name.').max(120, 'Use at most 120 characters.'),
  ),
});

export const partnerApp = z.object({
  id: z.string(),
  name: z.string(),
  /** Public identifier the partner's server sends with its secret. */
  clientId: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  revoked: z.boolean(),
});
export type PartnerApp = z.infer<typeof partnerApp>;

/** The registration answer: the only time the secret is ever shown. */
export const registeredPartnerApp = partnerApp.extend({
  clientSecret: z.string().describe('Shown once; store it in the partner server’s secret store'),
});
