import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../errors';

/** Addresses a webhook never calls: private, loopback, link-local, shared, unspecified, multicast. */
const refusedIPv4 = new BlockList();
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
  refusedIPv4.addSubnet(network, prefix, 'ipv4');
}

/** An IPv6 network: its first address as eight 16-bit groups, and its prefix length. */
interface IPv6Network {
  name: string;
  groups: readonly number[];
  prefix: number;
  /** Where an address of this network carries an IPv4 address (docs/security.md#webhook-targets). */
  carries?: (groups: readonly number[]) => string[];
}

const low32 = (groups: readonly number[]) => [ipv4From(groups[6] ?? 0, groups[7] ?? 0)];

/**
 * IPv6 networks a webhook never calls. The translation and tunnel networks (NAT64, 6to4, Teredo,
 * IPv4-compatible and -mapped, SIIT) reach IPv4 addresses through a relay, so an address in them
 * may lead to a private IPv4 address whatever it looks like: all of each network is refused, and
 * the IPv4 address it carries is checked as well.
 */
const refusedIPv6: IPv6Network[] = [
  { name: 'IPv4-compatible', groups: [0, 0, 0, 0, 0, 0, 0, 0], prefix: 96, carries: low32 },
  { name: 'IPv4-mapped', groups: [0, 0, 0, 0, 0, 0xffff, 0, 0], prefix: 96, carries: low32 },
  { name: 'IPv4-translated', groups: [0, 0, 0, 0, 0xffff, 0, 0, 0], prefix: 96, carries: low32 },
  { name: 'NAT64', groups: [0x64, 0xff9b, 0, 0, 0, 0, 0, 0], prefix: 96, carries: low32 },
  { name: 'local NAT64', groups: [0x64, 0xff9b, 1, 0, 0, 0, 0, 0], prefix: 48, carries: low32 },
  { name: 'discard-only', groups: [0x100, 0, 0, 0, 0, 0, 0, 0], prefix: 64 },
  {
    name: 'Teredo',
    groups: [0x2001, 0, 0, 0, 0, 0, 0, 0],
    prefix: 32,
    // The Teredo server's address in bits 32–64, the client's XOR-ed with ones in the low 32 bits.
    carries: (g) => [ipv4From(g[2] ?? 0, g[3] ?? 0), ipv4From(~(g[6] ?? 0) & 0xffff, ~(g[7] ?? 0) & 0xffff)],
  },
  { name: 'documentation', groups: [0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], prefix: 32 },
  {
    name: '6to4',
    groups: [0x2002, 0, 0, 0, 0, 0, 0, 0],
    prefix: 16,
    carries: (g) => [ipv4From(g[1] ?? 0, g[2] ?? 0)],
  },
  { name: 'unique local', groups: [0xfc00, 0, 0, 0, 0, 0, 0, 0], prefix: 7 },
  { name: 'link-local', groups: [0xfe80, 0, 0, 0, 0, 0, 0, 0], prefix: 10 },
  { name: 'site-local', groups: [0xfec0, 0, 0, 0, 0, 0, 0, 0], prefix: 10 },
  { name: 'multicast', groups: [0xff00, 0, 0, 0, 0, 0, 0, 0], prefix: 8 },
];

function ipv4From(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * An IPv6 address's eight 16-bit groups, from any of its written forms (compressed, expanded, a
 * dotted-quad tail, a zone after `%`); null when it is not an IPv6 address.
 */
export function ipv6Groups(address: string): number[] | null {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [Number.parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = text.split('::');
  const before = toGroups(head);
  if (tail === undefined) return before;
  const after = toGroups(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

function inNetwork(groups: readonly number[], network: IPv6Network): boolean {
  for (let bit = 0; bit < network.prefix; bit += 16) {
    const width = Math.min(16, network.prefix - bit);
    const mask = (0xffff << (16 - width)) & 0xffff;
    const index = bit / 16;
    if (((groups[index] ?? 0) & mask) !== ((network.groups[index] ?? 0) & mask)) return false;
  }
  return true;
}

/**
 * Why a webhook may not connect to this IP address, or null when it may. An IPv6 address of a
 * translation or tunnel network is refused, and so is the IPv4 address it carries if that is.
 */
export function whyAddressRefused(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return refusedIPv4.check(bare, 'ipv4') ? `${bare} is not a public address` : null;
  const groups = ipv6Groups(bare);
  if (!groups) return `${address} is not an IP address`;
  if (groups.slice(0, 7).every((group) => group === 0) && (groups[7] ?? 0) <= 1) {
    return `${bare} is the unspecified or loopback address`;
  }
  for (const network of refusedIPv6) {
    if (!inNetwork(groups, network)) continue;
    const carried = (network.carries?.(groups) ?? []).filter((ipv4) => refusedIPv4.check(ipv4, 'ipv4'));
    return carried.length > 0
      ? `${bare} (${network.name}) carries ${carried.join(' and ')}, which is not a public address`
      : `${bare} is in the ${network.name} network`;
  }
  return null;
}

/**
 * Whether a webhook may connect to this IP address (docs/security.md#webhook-targets): not a
 * private, local or special-purpose IPv4 address, nor an IPv6 address of those networks or of a
 * network that carries an IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  return whyAddressRefused(address) === null;
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
