import { z } from 'zod';

/** A Duffel access token: `duffel_test_…` (Duffel's test mode) or `duffel_live_…`. */
export const DUFFEL_TOKEN_PATTERN = /^duffel_(test|live)_[A-Za-z0-9_-]{8,200}$/;

/** `PUT /admin/supplier-credentials/duffel`: the brand's own Duffel access token (write-only). */
export const saveSupplierTokenRequest = z.object({
  accessToken: z
    .string()
    .trim()
    .regex(DUFFEL_TOKEN_PATTERN, 'Enter a Duffel access token: duffel_test_… or duffel_live_…'),
});
export type SaveSupplierTokenRequest = z.infer<typeof saveSupplierTokenRequest>;

/** What the console shows of a brand's supplier token: never the token, only its mode and last characters. */
export const supplierTokenStatus = z.object({
  supplier: z.literal('duffel'),
  /** The brand saved its own token: its searches and orders use it over the deployment's. */
  configured: z.boolean(),
  /** `duffel_test_…wxyz`; null when none is saved. */
  tokenHint: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SupplierTokenStatus = z.infer<typeof supplierTokenStatus>;

/** The token as it may be shown: its mode prefix and its last four characters. */
export function tokenHintOf(token: string): string {
  const mode = token.startsWith('duffel_live_') ? 'duffel_live_' : 'duffel_test_';
  return `${mode}…${token.slice(-4)}`;
}
