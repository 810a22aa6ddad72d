/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. A number of hops is trusted as proxy-addr counts them: the
 * connection's peer is hop 0, so with 1 the client's address is the last one the reverse proxy appended to
 * `X-Forwarded-For`, whatever a client wrote before it. (Fastify's own numeric option trusts nothing.)
 */
export function trustProxyOption(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
