import { BlockList, isIP } from 'node:net';

/** IPv4-mapped IPv6 (`::ffff:10.0.0.1`, as a dual-stack socket reports IPv4 peers) is the IPv4 address. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** An address or CIDR range in canonical text, or undefined when it is neither. */
export function parseIpOrCidr(
  text: string,
): { address: string; prefix?: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [rawAddress = '', rawPrefix, ...rest] = text.trim().split('/');
  if (rest.length > 0) return undefined;
  const address = normalizeAddress(rawAddress);
  const version = isIP(address);
  if (version === 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (rawPrefix === undefined) return { address, family };
  if (!/^\d{1,3}$/.test(rawPrefix)) return undefined;
  const prefix = Number(rawPrefix);
  if (prefix > (version === 4 ? 32 : 128)) return undefined;
  return { address, prefix, family };
}

/** A set of addresses and ranges; entries that are neither are left out (callers validate first). */
export function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseIpOrCidr(entry);
    if (!parsed) continue;
    if (parsed.prefix === undefined) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

/** Whether an address is in the set (an address that is not one is in no set). */
export function listHas(list: BlockList, ip: string): boolean {
  const address = normalizeAddress(ip);
  const version = isIP(address);
  if (version === 0) return false;
  return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
