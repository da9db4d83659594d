import type { IncomingMessage } from 'node:http';
import { blockListOf, listHas, normalizeAddress, parseIpOrCidr } from './ip-addresses.js';

// Issue 16: which proxies are believed about the client's address. Fastify asks the trust function of
// each address on the way back from the socket (hop 0 is the peer, then the X-Forwarded-For entries
// from right to left) and stops at the first one it does not trust: the address it stops at is the
// client, the one rate limits, IP restrictions, sessions and audit records all see (request.ip).

/** TRUST_PROXY: off, the number of proxies in front of the server, or the proxies' addresses. */
export type ProxyTrust =
  { kind: 'off' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; entries: string[] };

/** Named ranges, as the common proxy-address libraries spell them. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Parses TRUST_PROXY; answers an error message for a value that is none of its forms. */
export function parseProxyTrust(value: string | undefined): ProxyTrust | string {
  const text = (value ?? '').trim().toLowerCase();
  if (['', 'false', 'off', 'no', '0'].includes(text)) return { kind: 'off' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 16 ? { kind: 'hops', hops } : 'expected at most 16 proxies';
  }
  const entries: string[] = [];
  for (const item of text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const named = NAMED_RANGES[item];
    if (named) entries.push(...named);
    else if (parseIpOrCidr(item)) entries.push(item);
    else
      return `expected off, a number of proxies, or addresses and CIDR ranges (loopback, linklocal, uniquelocal too); got ${item}`;
  }
  return entries.length > 0 ? { kind: 'addresses', entries } : { kind: 'off' };
}

/**
 * Fastify's `trustProxy` for a ProxyTrust. A hop count trusts the peer and the entries after it up to
 * that many proxies, whoever the peer is (behind a load balancer that is the only way in); an address
 * list trusts a hop only when its address is on the list, so a header sent straight to the server by
 * anyone else is never believed.
 */
export function trustFunctionOf(trust: ProxyTrust): false | ((address: string, hop: number) => boolean) {
  if (trust.kind === 'off') return false;
  if (trust.kind === 'hops') return (_address, hop) => hop < trust.hops;
  const proxies = blockListOf(trust.entries);
  return (address) => listHas(proxies, address);
}

/** One `for=` node of a Forwarded header (RFC 7239 section 6): an address, or undefined (obfuscated, unknown). */
function forwardedFor(node: string): string | undefined {
  let value = node.trim();
  if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1];
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(value);
  const address = normalizeAddress(withPort?.[1] ?? value);
  return parseIpOrCidr(address) && !address.includes('/') ? address : undefined;
}

/**
 * A proxy that speaks only the standard Forwarded header (RFC 7239) is read as if it had sent
 * X-Forwarded-For: its `for=` addresses, in order. Whether any of them is believed is still the trust
 * function's decision. A request that has X-Forwarded-For keeps it (proxies that send both agree).
 * An element without a usable address (`for=unknown`, an obfuscated `_hidden`) ends the chain there:
 * nothing before it can be attributed.
 */
export function adoptForwardedHeader(request: IncomingMessage): void {
  const forwarded = request.headers.forwarded;
  if (!forwarded || request.headers['x-forwarded-for'] !== undefined) return;
  const addresses: string[] = [];
  for (const element of forwarded.split(',')) {
    const pair = element
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.toLowerCase().startsWith('for='));
    if (!pair) continue;
    const address = forwardedFor(pair.slice(4));
    if (!address) {
      addresses.length = 0;
      continue;
    }
    addresses.push(address);
  }
  if (addresses.length > 0) request.headers['x-forwarded-for'] = addresses.join(', ');
}
