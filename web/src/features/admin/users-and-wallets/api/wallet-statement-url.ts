import { API_BASE_PATH } from '#shared/constants';

/**
 * A wallet statement's download (the session cookie authorises it): one agent's, or with no
 * agent every agent's.
 */
export function walletStatementUrl(options: {
  userId?: string;
  from: string;
  to: string;
  format: 'csv' | 'xlsx';
}): string {
  const query = new URLSearchParams({ from: options.from, to: options.to, format: options.format });
  const path = options.userId
    ? `/admin/users/${options.userId}/wallet/statement`
    : '/admin/wallets/statement';
  return `${API_BASE_PATH}${path}?${query}`;
}
