import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is an ordinary public one: not loopback, private, link-local, unique-local, carrier-grade
 * NAT, multicast, unspecified or reserved (ipaddr.js's `unicast` range; an IPv4-mapped IPv6 address is judged as
 * its IPv4 address). What the server may call on behalf of a user (no server-side request forgery).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** A URL's host as an address when it is an IP literal (`[::1]` → `::1`), else undefined. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : undefined;
}

/** Every address a host name resolves to (the system resolver, as connections use it). */
export async function resolveAll(hostname: string): Promise<string[]> {
  const literal = literalAddress(hostname);
  if (literal) return [literal];
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}
