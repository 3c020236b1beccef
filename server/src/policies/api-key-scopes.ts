import { API_BASE_PATH } from '#shared/constants';
import type { ApiKeyScope } from '#shared/integrations';
import { AppError } from '../errors';

/** What a request with an API key needs beside the route's policy: a scope, nothing, or a person. */
export type KeyRequirement = ApiKeyScope | 'none' | 'person';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The scope an API key needs for a route (docs/accounts.md#api-keys), from the route's policy, method and
 * path: flight searches need `search`; a booking's payment `pay`; other booking writes `book`; any
 * other read `read`. Changes to the account, the keys and webhooks, the console's and the
 * platform's writes need a person's session: no key does them, so a leaked key cannot make
 * itself more keys, change a password or move an agency's money. Open routes need nothing.
 */
export function keyRequirementOf(policy: string, method: string, url: string): KeyRequirement {
  const path = url.startsWith(API_BASE_PATH) ? url.slice(API_BASE_PATH.length) : url;
  if (policy === 'partnerApp' || policy === 'gatewayReturn' || policy === 'supplierEvent') return 'none';
  if (policy === 'public') return path.startsWith('/flights/') ? 'search' : 'none';
  if (SAFE_METHODS.has(method)) return 'read';
  if (policy === 'book') return path === '/bookings/:pnr/payments' ? 'pay' : 'book';
  return 'person';
}

/** Refuses (403 API_KEY_SCOPE) a request the key's scopes do not cover. */
export function authorizeApiKey(
  scopes: readonly ApiKeyScope[],
  policy: string,
  method: string,
  url: string,
): void {
  const needed = keyRequirementOf(policy, method, url);
  if (needed === 'none' || (needed !== 'person' && scopes.includes(needed))) return;
  if (needed === 'person') {
    throw new AppError('API_KEY_SCOPE', 'API keys cannot do this: sign in as a person.', undefined, {
      scope: null,
    });
  }
  throw new AppError('API_KEY_SCOPE', `This API key needs the "${needed}" scope for this.`, undefined, {
    scope: needed,
  });
}
