/**
 * Which Web Push endpoints the server sends to (issue 50, ADR 032 "Endpoints accepted"). A
 * browser hands the server a URL and the server then makes requests to it, so a subscription is
 * a way to make the server call any address: only HTTPS endpoints on the known push services'
 * hosts are accepted, and only when every address their name resolves to is public. The origins
 * an operator lists in PUSH_ALLOWED_ORIGINS are taken as given (the tests' local push service).
 */
import { lookup as systemLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** The push services of Chrome and Edge on Android (FCM), Firefox, Safari and Windows. */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^(?:[a-z0-9-]+\.)*push\.services\.mozilla\.com$/, /^(?:[a-z0-9-]+\.)*push\.apple\.com$/, /^(?:[a-z0-9-]+\.)*notify\.windows\.com$/];

/** Longer than any push service's endpoint by far; a longer one is refused unread. */
export const MAX_ENDPOINT_LENGTH = 2048;

/**
 * Addresses the server must never be made to call: this host, its networks, link-local (cloud
 * metadata services), multicast and reserved ranges, and the IPv6 forms that embed an IPv4
 * address (IPv4-mapped ones are checked against the IPv4 rules by the BlockList itself).
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the IPv4-compatible forms
  ['64:ff9b::', 96], // NAT64, which reaches the IPv4 address inside
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP literal) is one the server may call. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type EndpointRefusal = 'malformed' | 'notHttps' | 'unknownService' | 'privateAddress' | 'unresolvable';

export type EndpointCheck = { ok: true; url: URL } | { ok: false; reason: EndpointRefusal };

export interface EndpointPolicy {
  /** Origins (scheme, host and port) accepted as they are: PUSH_ALLOWED_ORIGINS. */
  allowedOrigins: readonly string[];
  /** Every address a name resolves to (the system resolver; tests give their own). */
  resolve?: (hostname: string) => Promise<string[]>;
}

const resolveAll = async (hostname: string) => (await systemLookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

/** The URL's host without brackets or a final dot, as names and addresses are compared. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

/**
 * Checks a push endpoint a browser gave: an allowed origin as it is; anything else must be HTTPS
 * on a known push service's host, on the default port, every address its name resolves to public.
 */
export async function checkPushEndpoint(raw: unknown, { allowedOrigins, resolve = resolveAll }: EndpointPolicy): Promise<EndpointCheck> {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_ENDPOINT_LENGTH) return { ok: false, reason: 'malformed' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'malformed' };
  if (allowedOrigins.includes(url.origin)) return { ok: true, url };
  if (url.protocol !== 'https:') return { ok: false, reason: 'notHttps' };
  const host = bareHost(url);
  if (isIP(host) !== 0) return { ok: false, reason: isPublicAddress(host) ? 'unknownService' : 'privateAddress' };
  if (url.port !== '' || !PUSH_SERVICE_HOSTS.some((pattern) => pattern.test(host))) return { ok: false, reason: 'unknownService' };
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'unresolvable' };
  return addresses.every(isPublicAddress) ? { ok: true, url } : { ok: false, reason: 'privateAddress' };
}
