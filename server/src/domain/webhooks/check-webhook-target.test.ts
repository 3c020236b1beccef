import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipv6Groups, isPublicAddress, whyAddressRefused } from './check-webhook-target';
import { postWebhook, publicOnlyLookup, type ResolveHost } from './post-webhook';

/**
 * Every translation and tunnel network, in the forms people write, each carrying a private IPv4
 * address (169.254.169.254 = a9fe:a9fe, 127.0.0.1 = 7f00:1, 10.0.0.1 = a00:1, 192.168.1.1 = c0a8:101).
 */
const refusedCarryingPrivate: [form: string, address: string, carries: string][] = [
  ['NAT64, compressed', '64:ff9b::a9fe:a9fe', '169.254.169.254'],
  ['NAT64, dotted quad', '64:ff9b::169.254.169.254', '169.254.169.254'],
  ['NAT64, expanded', '0064:ff9b:0000:0000:0000:0000:7f00:0001', '127.0.0.1'],
  ['NAT64, upper case', '64:FF9B::A00:1', '10.0.0.1'],
  ['local NAT64, compressed', '64:ff9b:1::a9fe:a9fe', '169.254.169.254'],
  ['local NAT64, dotted quad', '64:ff9b:1:0:0:0:127.0.0.1', '127.0.0.1'],
  ['6to4, compressed', '2002:a9fe:a9fe::1', '169.254.169.254'],
  ['6to4, expanded', '2002:c0a8:0101:0000:0000:0000:0000:0001', '192.168.1.1'],
  ['6to4, dotted quad tail', '2002:7f00:1::10.0.0.1', '127.0.0.1'],
  ['Teredo, client 127.0.0.1 XOR-ed', '2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1'],
  ['Teredo, client 169.254.169.254 XOR-ed', '2001::4136:e378:8000:63bf:5601:5601', '169.254.169.254'],
  ['Teredo, private server', '2001:0:a00:1::', '10.0.0.1'],
  ['IPv4-compatible, dotted quad', '::169.254.169.254', '169.254.169.254'],
  ['IPv4-compatible, hex', '::a9fe:a9fe', '169.254.169.254'],
  ['IPv4-compatible, expanded', '0:0:0:0:0:0:7f00:1', '127.0.0.1'],
  ['IPv4-mapped, dotted quad', '::ffff:169.254.169.254', '169.254.169.254'],
  ['IPv4-mapped, hex', '::ffff:a9fe:a9fe', '169.254.169.254'],
  ['IPv4-mapped, expanded dotted quad', '0:0:0:0:0:ffff:127.0.0.1', '127.0.0.1'],
  ['IPv4-mapped, leading zeros', '0000:0000:0000:0000:0000:FFFF:0a00:0001', '10.0.0.1'],
  ['IPv4-translated', '::ffff:0:c0a8:101', '192.168.1.1'],
];

/** The same networks carrying a public IPv4 address (8.8.8.8 = 808:808): refused all the same. */
const refusedCarryingPublic: [form: string, address: string][] = [
  ['NAT64', '64:ff9b::8.8.8.8'],
  ['NAT64, hex', '64:ff9b::808:808'],
  ['local NAT64', '64:ff9b:1:ffff::808:808'],
  ['6to4', '2002:808:808::1'],
  ['Teredo', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
  ['IPv4-compatible', '::8.8.8.8'],
  ['IPv4-mapped', '::ffff:8.8.8.8'],
  ['IPv4-mapped, hex', '::ffff:808:808'],
  ['discard-only, compressed', '100::1'],
  ['discard-only, expanded', '0100:0000:0000:0000:ffff:ffff:ffff:ffff'],
  ['documentation, compressed', '2001:db8::1'],
  ['documentation, expanded', '2001:0db8:ffff:0000:0000:0000:0000:0001'],
  ['documentation, dotted quad tail', '2001:db8::8.8.8.8'],
  ['unspecified', '::'],
  ['loopback', '::1'],
  ['loopback, expanded', '0:0:0:0:0:0:0:1'],
  ['unique local', 'fd12:3456::1'],
  ['link-local with a zone', 'fe80::1%eth0'],
  ['multicast', 'ff02::1'],
];

/** Public addresses just beside the refused networks. */
const allowed: [form: string, address: string][] = [
  ['public IPv4', '8.8.8.8'],
  ['public IPv6', '2606:4700:4700::1111'],
  ['beside Teredo (2001:4860::/32)', '2001:4860:4860::8888'],
  ['beside the documentation network', '2001:db9::1'],
  ['beside 6to4', '2003::1'],
  ['beside NAT64', '64:ff9b:2::a9fe:a9fe'],
  ['beside NAT64 /96', '64:ff9b:0:0:1::a9fe:a9fe'],
  ['beside discard-only', '100:0:0:1::1'],
];

describe('whyAddressRefused: the webhook target guard', () => {
  it.each(refusedCarryingPrivate)(
    'refuses %s (%s) and names the IPv4 address %s it carries',
    (_, address, carries) => {
      expect(isPublicAddress(address)).toBe(false);
      expect(whyAddressRefused(address)).toContain(carries);
      expect(whyAddressRefused(`[${address.replace(/%.*$/, '')}]`)).toContain(carries);
    },
  );

  it.each(refusedCarryingPublic)('refuses %s (%s) whatever it carries', (_, address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(whyAddressRefused(address)).not.toBeNull();
  });

  it.each(allowed)('allows %s (%s)', (_, address) => {
    expect(whyAddressRefused(address)).toBeNull();
    expect(isPublicAddress(address)).toBe(true);
  });

  it('reads every written form of one address as the same groups', () => {
    const groups = [0x64, 0xff9b, 0, 0, 0, 0, 0xa9fe, 0xa9fe];
    for (const form of [
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::169.254.169.254',
      '0064:ff9b:0000:0000:0000:0000:a9fe:a9fe',
      '64:ff9b:0:0:0:0:169.254.169.254',
      '[64:FF9B::A9FE:A9FE]',
      '64:ff9b::a9fe:a9fe%eth0',
    ]) {
      expect(ipv6Groups(form), form).toEqual(groups);
    }
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('127.0.0.1')).toBeNull();
    expect(ipv6Groups('not-an-address')).toBeNull();
  });

  it('refuses what is not an IP address at all', () => {
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('the delivery’s DNS check (every answer, at each connection)', () => {
  let receiver: Server;
  let connections = 0;
  let port = 0;
  beforeAll(async () => {
    receiver = createServer((_, response) => {
      connections += 1;
      response.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  /** The DNS answers a name gives at delivery: what the system resolver would hand back. */
  const answering =
    (...addresses: string[]): ResolveHost =>
    (_hostname, _options, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );

  const deliver = (resolve: ResolveHost) =>
    postWebhook(
      `http://hooks.example.com:${port}/tikat`,
      '{}',
      {},
      {
        timeoutMs: 2_000,
        allowPrivate: false,
        resolve,
      },
    );

  const answers: [form: string, address: string][] = [
    ...refusedCarryingPrivate.map(([form, address]): [string, string] => [form, address]),
    ...refusedCarryingPublic.filter(([, address]) => !address.includes('%')),
    ['private IPv4', '127.0.0.1'],
  ];
  it.each(answers)('refuses a name that now answers %s (%s), without connecting', async (_, address) => {
    const response = await deliver(answering(address));
    expect(response.statusCode).toBeNull();
    expect(response.error).toContain('hooks.example.com resolves to a private address');
    expect(connections).toBe(0);
  });

  it('refuses a name when any one of its answers is refused', async () => {
    const response = await deliver(answering('8.8.8.8', '64:ff9b::7f00:1'));
    expect(response.error).toContain('carries 127.0.0.1');
    expect(connections).toBe(0);
  });

  it('hands a public answer on to the connection unchanged', async () => {
    const lookup = publicOnlyLookup(answering('2606:4700:4700::1111', '8.8.8.8'));
    const first = await new Promise((resolve) =>
      lookup('hooks.example.com', {}, (error, address, family) => resolve({ error, address, family })),
    );
    expect(first).toEqual({ error: null, address: '2606:4700:4700::1111', family: 6 });
    const all = await new Promise((resolve) =>
      lookup('hooks.example.com', { all: true }, (error, addresses) => resolve({ error, addresses })),
    );
    expect(all).toEqual({
      error: null,
      addresses: [
        { address: '2606:4700:4700::1111', family: 6 },
        { address: '8.8.8.8', family: 4 },
      ],
    });
  });
});
