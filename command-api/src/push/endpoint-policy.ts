import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Hosts of the push services browsers use: Chrome/Edge/Android (FCM), Firefox, Safari, Windows. */
const KNOWN_HOSTS: readonly ((host: string) => boolean)[] = [
  (h) => h === 'fcm.googleapis.com',
  (h) => h === 'updates.push.services.mozilla.com',
  (h) => h.endsWith('.push.apple.com'),
  (h) => h.endsWith('.notify.windows.com'),
];

/** Addresses a push must never be sent to: this machine, private networks, link-local, multicast. */
const forbidden = new BlockList();
for (const [net, prefix] of [
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
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return forbidden.check(mapped[1]!, 'ipv4');
  }
  return forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Lookup = (host: string) => Promise<string[]>;
const systemLookup: Lookup = async (host) => (await dnsLookup(host, { all: true })).map((a) => a.address);

export class EndpointRefused extends Error {}

/**
 * An endpoint is a URL this server will POST to: only https endpoints of the known push
 * services, never one resolving to a private or loopback address, unless its origin is in
 * PUSH_ENDPOINT_ALLOWLIST (a local push service in tests). Throws EndpointRefused with a reason
 * a person can read.
 *
 * `unresolvable`: what a known push service's name that cannot be resolved right now means.
 * Before a send it is refused (nothing is posted to a name whose addresses are unknown); when a
 * browser subscribes it is accepted (a resolver outage or a network without DNS must not turn
 * away a real FCM or Apple endpoint), since every send checks the name again.
 */
export function endpointPolicy(options: {
  allowlist: readonly string[];
  lookup?: Lookup;
  unresolvable?: 'refuse' | 'accept';
}) {
  const allowed = new Set(options.allowlist);
  const lookup = options.lookup ?? systemLookup;
  const unresolvable = options.unresolvable ?? 'refuse';
  return async function checkEndpoint(endpoint: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new EndpointRefused('The endpoint is not a URL.');
    }
    if (allowed.has(url.origin)) return;
    const host = url.hostname.toLowerCase();
    if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') {
      throw new EndpointRefused('Only https endpoints of a browser push service are accepted.');
    }
    if (!KNOWN_HOSTS.some((known) => known(host))) {
      throw new EndpointRefused('The endpoint is not one of a known push service (FCM, Mozilla, Apple, Windows).');
    }
    let addresses: string[];
    try {
      addresses = await lookup(host);
    } catch {
      if (unresolvable === 'accept') return;
      throw new EndpointRefused('The push service could not be found; try again later.');
    }
    if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
      throw new EndpointRefused('The endpoint resolves to a private address.');
    }
  };
}
export type CheckEndpoint = ReturnType<typeof endpointPolicy>;
