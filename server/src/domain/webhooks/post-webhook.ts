import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, whyAddressRefused } from './check-webhook-target';

export interface WebhookResponse {
  statusCode: number | null;
  error: string | null;
}

/** The system's resolver, as `dns.lookup` answers (tests hand in their own DNS answers). */
export type ResolveHost = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: ResolveHost = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * A DNS look-up that refuses any answer a webhook may not call (isPublicAddress): the address
 * checked is the one connected to, so a name that changes what it resolves to after registration
 * is refused too, and so is a name that answers a NAT64, 6to4 or Teredo address carrying a
 * private IPv4 address.
 */
export function publicOnlyLookup(resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter((a) => isPublicAddress(a.address));
      if (allowed.length === 0 || allowed.length !== addresses.length) {
        return callback(
          Object.assign(
            new Error(
              `${hostname} resolves to a private address: ${addresses
                .map((a) => whyAddressRefused(a.address))
                .filter(Boolean)
                .join('; ')}`,
            ),
            { code: 'EREFUSED' },
          ),
          '',
          0,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      const first = allowed[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * One POST of a delivery's JSON body. Redirects are not followed (a 3xx is a failed attempt), so
 * no redirect can lead to a private address; the body of the answer is read and dropped.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean; resolve?: ResolveHost },
): Promise<WebhookResponse> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const hostIsAddress = /^\[.*\]$|^\d+\.\d+\.\d+\.\d+$/.test(target.hostname);
  if (!options.allowPrivate && hostIsAddress && !isPublicAddress(target.hostname.replace(/^\[|\]$/g, ''))) {
    return Promise.resolve({ statusCode: null, error: 'The address is private, local or link-local.' });
  }
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        timeout: options.timeoutMs,
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup(options.resolve ?? systemResolver) }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ statusCode: response.statusCode ?? null, error: null }));
        response.on('error', () => resolve({ statusCode: response.statusCode ?? null, error: null }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => resolve({ statusCode: null, error: error.message.slice(0, 500) }));
    request.end(body);
  });
}
