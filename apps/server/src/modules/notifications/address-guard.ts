import { Resolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES as M } from '@rms/contracts/notifications';

// Server-side request forgery: a webhook URL is the one place a customer makes the server open a
// connection of their choosing, so it must not reach the server's own network (loopback, private and
// link-local ranges, the cloud metadata address 169.254.169.254). The check runs when a URL is saved
// and again before each attempt, and the attempt connects to the very address checked (send.ts pins
// it), so a name that resolves elsewhere the second time (DNS rebinding) cannot slip through.

export interface AddressPolicy {
  allowHttp: boolean;
  allowPrivateAddresses: boolean;
}

/** A name that takes longer than this to resolve is refused (a save must not hang on a slow resolver). */
const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * Names are resolved by DNS queries (c-ares, on the event loop), not by the system's getaddrinfo:
 * that one runs on libuv's few shared threads, which sign-in hashing and file access also need, and a
 * name whose server never answers would hold one for as long as the system resolver waits. (So a
 * webhook's host must be in DNS: the hosts file is not read.)
 */
const resolver = new Resolver({ timeout: 2_000, tries: 2 });

async function resolveName(host: string): Promise<{ address: string; family: number }[]> {
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
  const of = (r: PromiseSettledResult<string[]>, family: number) =>
    r.status === 'fulfilled' ? r.value.map((address) => ({ address, family })) : [];
  return [...of(v4, 4), ...of(v6, 6)];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Ranges no webhook may reach unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES is on. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::a9fe:a9fe is 169.254.169.254)
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001::', 32], // Teredo: an IPv4 address inside
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local (and AWS's fd00:ec2::254 metadata)
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Whether an address is loopback, private, link-local or otherwise not a public host. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  // ::ffff:7f00:1 is 127.0.0.1 written in hex.
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const high = parseInt(hexMapped[1]!, 16);
    const low = parseInt(hexMapped[2]!, 16);
    return BLOCKED.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return BLOCKED.check(address, 'ipv6');
}

export interface Target {
  url: URL;
  /** The address to connect to: checked, and the one the connection uses. */
  address: string;
  family: 4 | 6;
}

export type TargetCheck = { ok: true; target: Target } | { ok: false; message: string };

/** Parses, resolves and checks a webhook URL; the message names the `url` field, for the form. */
export async function checkTarget(raw: string, policy: AddressPolicy): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: M.urlInvalid };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp))
    return { ok: false, message: url.protocol === 'http:' ? M.urlNotHttps : M.urlInvalid };
  if (url.username || url.password) return { ok: false, message: M.urlCredentials };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await withTimeout(resolveName(host), LOOKUP_TIMEOUT_MS);
    } catch {
      return { ok: false, message: M.urlNotPublic };
    }
  }
  if (addresses.length === 0) return { ok: false, message: M.urlNotPublic };
  if (!policy.allowPrivateAddresses) {
    // Every address the name has must be public: the connection may be made to any of them.
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) return { ok: false, message: M.urlNotPublic };
  }
  const first = addresses[0]!;
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}
