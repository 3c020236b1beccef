import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../errors';

/** Addresses a webhook never calls: private, loopback, link-local, shared, unspecified, multicast. */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** Whether a webhook may connect to this IP address. IPv4-mapped IPv6 addresses count as IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Refuses (400 WEBHOOK_TARGET_REFUSED, naming `url`) an address whose host is, or resolves to, an
 * address a webhook may not call, unless `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE). The delivery
 * checks again on each connection (the address it connects to), so a name that resolves
 * differently later is refused then.
 */
export async function checkWebhookTarget(url: string, options: { allowPrivate: boolean }): Promise<void> {
  if (options.allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw new AppError('WEBHOOK_TARGET_REFUSED', undefined, {
      url: 'This address is private, local or does not resolve; webhooks only call public addresses.',
    });
  }
}
