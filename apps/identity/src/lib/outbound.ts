import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

// Issue 13: the server calls addresses that administrators type (IdP metadata URLs, OIDC issuers, social
// provider endpoints). Such a call must not reach the server's own network: private, loopback,
// link-local and other special addresses are refused unless OUTBOUND_ALLOW_HOSTS names the host, each
// redirect is checked the same way, and every call times out.

export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

const IPV4_SPECIAL = [
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
] as const;

const ipv4Number = (address: string) =>
  address.split('.').reduce((total, part) => total * 256 + Number(part), 0);

/** Whether an address is not a public unicast one. */
export function isSpecialAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const value = ipv4Number(address);
    return IPV4_SPECIAL.some(([base, bits]) => {
      const size = 2 ** (32 - bits);
      const start = ipv4Number(base);
      return value >= start && value < start + size;
    });
  }
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return isSpecialAddress(mapped[1]);
  return (
    lower === '::' ||
    lower === '::1' ||
    /^f[cd]/.test(lower) || // unique local
    /^fe[89ab]/.test(lower) || // link-local
    lower.startsWith('ff') // multicast
  );
}

export interface OutboundOptions {
  /** Hosts (`host` or `host:port`) that may be private or loopback: local peers in tests, an intranet IdP. */
  allowHosts: readonly string[];
  timeoutMs?: number;
}

/** Whether OUTBOUND_ALLOW_HOSTS names the URL's host (`host` or `host:port`). */
export const isAllowedHost = (url: URL, allowHosts: readonly string[]) =>
  allowHosts.includes(url.hostname.toLowerCase()) || allowHosts.includes(url.host.toLowerCase());

/** Refuses a URL that is not http(s), or whose host resolves to a special address and is not allowed. */
export async function assertPublicUrl(target: string | URL, options: OutboundOptions): Promise<URL> {
  const url = new URL(target);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundRefusedError(`only http(s) addresses may be called, not ${url.protocol}`);
  }
  if (isAllowedHost(url, options.allowHosts)) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  if (addresses.length === 0 || addresses.some(isSpecialAddress)) {
    throw new OutboundRefusedError(`${url.host} is a private or local address`);
  }
  return url;
}

const MAX_REDIRECTS = 3;

/**
 * What a call may add to fetch's options. `redirect: 'manual'` answers a redirect as it came, without
 * following it (issue 14: a webhook's 3xx is a failed delivery); `timeoutMs` replaces the default limit.
 */
export type OutboundInit = RequestInit & { timeoutMs?: number };

/**
 * fetch for addresses from configuration: each hop checked by assertPublicUrl, redirects followed by
 * hand (at most three) unless the call asks for `redirect: 'manual'`, the whole call bounded by a
 * timeout (10 s by default).
 */
export function createOutboundFetch(options: OutboundOptions) {
  const defaultTimeoutMs = options.timeoutMs ?? 10_000;
  return async function outboundFetch(
    input: string | URL | Request,
    { timeoutMs = defaultTimeoutMs, ...init }: OutboundInit = {},
  ): Promise<Response> {
    let url = await assertPublicUrl(input instanceof Request ? input.url : input, options);
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])]);
    const request = input instanceof Request ? input : undefined;
    const follows = init.redirect !== 'manual';
    for (let hop = 0; ; hop += 1) {
      const response = await fetch(url, {
        method: request?.method,
        headers: request?.headers,
        body: request?.body,
        ...init,
        redirect: 'manual',
        signal,
        ...(request?.body && { duplex: 'half' }),
      } as RequestInit);
      const location = response.headers.get('location');
      if (!follows || response.status < 300 || response.status >= 400 || !location) return response;
      if (hop >= MAX_REDIRECTS) throw new OutboundRefusedError('too many redirects');
      url = await assertPublicUrl(new URL(location, url), options);
    }
  };
}

export type OutboundFetch = ReturnType<typeof createOutboundFetch>;
