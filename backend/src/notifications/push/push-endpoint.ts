import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Environment } from '../../config/environment';

/** The browsers' push services: Chrome and most others (FCM), Firefox (autopush), Safari (Apple), Edge (WNS). */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** An endpoint the shop will not send to: the answer to the browser is a 400 with this message. */
export class PushEndpointRefused extends Error {
  readonly code = 'EPUSHREFUSED';
}

/** Benchmarking networks (RFC 2544), which ipaddr.js 1.9 counts as unicast. */
const BENCHMARKING = ipaddr.parseCIDR('198.18.0.0/15') as [ipaddr.IPv4, number];
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/** Whether an address is on the public internet: not loopback, private, link-local, shared, multicast, documentation or otherwise reserved. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // ::ffff:127.0.0.1 is 127.0.0.1.
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast' && !(ip as ipaddr.IPv4).match(BENCHMARKING);
  // Only global unicast (2000::/3), without the 6to4, Teredo and documentation blocks ipaddr.js names.
  return (ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6) && ip.range() === 'unicast';
}

/** `push.example.com` matches itself; `*.example.com` matches any name under example.com (not example.com itself). */
export function hostAllowed(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return patterns.some((pattern) => (pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) && name.length > pattern.length - 1 : name === pattern));
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

/**
 * Which push endpoints the shop sends to: https on a known push service's host name (or one of
 * PUSH_ALLOWED_HOSTS) whose every address is public. Checked on subscribing and again on each send, where
 * `lookup` is the connection's own name resolution, so what is checked is what is connected to (a name
 * that now resolves to this machine or the cloud's metadata address is refused, no redirect followed).
 * PUSH_INSECURE_TEST_ORIGINS (tests only, refused in production) names push service stand-ins by exact origin.
 */
export class PushEndpointPolicy {
  private readonly hosts: string[];
  private readonly testOrigins: Set<string>;

  constructor(settings: Pick<Environment, 'PUSH_ALLOWED_HOSTS' | 'PUSH_INSECURE_TEST_ORIGINS'>) {
    this.hosts = [...KNOWN_PUSH_HOSTS, ...list(settings.PUSH_ALLOWED_HOSTS)];
    this.testOrigins = new Set(list(settings.PUSH_INSECURE_TEST_ORIGINS).map((origin) => new URL(origin).origin));
  }

  /** A push service stand-in of the tests: sent to as it is. */
  isTestOrigin(url: URL): boolean {
    return this.testOrigins.has(url.origin);
  }

  /** Why the endpoint's URL is refused, or null (scheme and host name only: no name resolution). */
  refusal(endpoint: string): string | null {
    const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
    if (!url) return 'endpoint must be a URL';
    if (this.isTestOrigin(url)) return null;
    if (url.protocol !== 'https:') return 'endpoint must be an https URL';
    if (url.username || url.password) return 'endpoint must not carry a user name or password';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return "endpoint must name a push service's host, not an address";
    if (!hostAllowed(host, this.hosts)) return `endpoint is not a known push service (${host}); the shop's PUSH_ALLOWED_HOSTS setting can add one`;
    return null;
  }

  /** Throws PushEndpointRefused for an endpoint the shop will not send to, resolving its host as a connection would. */
  async check(endpoint: string): Promise<void> {
    const problem = this.refusal(endpoint);
    if (problem) throw new PushEndpointRefused(problem);
    const url = new URL(endpoint);
    if (this.isTestOrigin(url)) return;
    await new Promise<void>((resolve, reject) => this.lookup(url.hostname, { all: true }, (error) => (error ? reject(error) : resolve())));
  }

  /** net.connect's `lookup`: the host's addresses, refused when any of them is not public. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const reserved = addresses.find(({ address }) => !isPublicAddress(address));
      if (reserved || !addresses.length)
        return callback(new PushEndpointRefused(`endpoint's host ${hostname} resolves to a private or reserved address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
