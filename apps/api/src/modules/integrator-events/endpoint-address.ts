import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress, parseV4, parseV6 } from '@sendbook/queue';

/** Why a URL may not be an event endpoint, in words for the `url` field; null when it may. */
export async function endpointUrlProblem(text: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an absolute http or https URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.hash) return 'must not have a #fragment';
  if (allowPrivate) return null;
  const host = url.hostname;
  if (isIpLiteral(host)) {
    const problem = refusal(host.replace(/^\[|\]$/g, ''));
    return problem ? `${host} ${problem}` : plainHttp(url);
  }
  try {
    const addresses = await resolveAll(host);
    for (const address of addresses) {
      const problem = refusal(address);
      if (problem) return `${host} resolves to ${address}: ${problem}`;
    }
    return plainHttp(url);
  } catch {
    return `${host} does not resolve`;
  }
}

/**
 * Across the internet an endpoint is https: the events carry customers' numbers and words, and the
 * signature proves who sent them, not that nobody read them. Plain http is for endpoints on a
 * private network, which EVENT_ENDPOINTS_ALLOW_PRIVATE allows.
 */
function plainHttp(url: URL): string | null {
  return url.protocol === 'http:' ? 'must be https on a public address (events carry customer data); http only where EVENT_ENDPOINTS_ALLOW_PRIVATE=true' : null;
}

export function isIpLiteral(host: string): boolean {
  return parseV4(host) !== null || (host.startsWith('[') && parseV6(host) !== null);
}

/** The refusal of one address, or null when it is public. */
export function refusal(address: string): string | null {
  const kind = classifyAddress(address);
  return kind === 'public' ? null : `is a ${kind.replace('_', '-')} address; set EVENT_ENDPOINTS_ALLOW_PRIVATE=true to allow it`;
}

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => lookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found.map((a) => a.address)))));
}

export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/**
 * A `lookup` for http.request that refuses a name resolving to any non-public address, so the
 * check happens on the very addresses the socket connects to (a name can resolve elsewhere later,
 * or differently between a check and a connect).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses;
      if (!allowPrivate) {
        for (const a of list) {
          const problem = refusal(a.address);
          if (problem) return callback(new RefusedAddressError(`${hostname} resolves to ${a.address}, which ${problem}`), '', 0);
        }
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new RefusedAddressError(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
