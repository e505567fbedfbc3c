import { BlockList, isIP } from 'node:net';

/** Where load balancers live: loopback, link-local and private ranges (RFC 1918, RFC 4193). */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv6');
}

/** True for an address on a private network, IPv4-mapped IPv6 (::ffff:10.0.0.1) included. */
export function isPrivateAddress(address: string): boolean {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(plain);
  if (family === 0) return false;
  return PRIVATE_NETWORKS.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Fastify's trustProxy for TRUST_PROXY: the listed proxies as they are; a hop count as a trust
 * function. Fastify refuses a bare hop count, since any client that reaches the server directly
 * could then write its own X-Forwarded-For; here each of the N hops must also be on a private
 * network, so a client from the internet is taken at its own address.
 */
export function trustProxyOption(
  setting: false | number | readonly string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting !== 'number') return [...setting];
  return (address, hop) => hop < setting && isPrivateAddress(address);
}
