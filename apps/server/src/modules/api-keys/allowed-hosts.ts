import { lookup, reverse } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Whether a caller's address is among an agency's allowed hosts. Entries are IPv4/IPv6 addresses, CIDR ranges, host
 * names (resolved forward: the caller must be one of the name's addresses) or wildcards `*.example.com` (resolved
 * backward and confirmed forward: the caller's reverse name must lie under the domain and resolve back to the caller,
 * so a PTR record alone, which the caller's own network controls, proves nothing). An empty list allows no address.
 */

export interface HostResolver {
  /** Every address of a host name. */
  lookup(name: string): Promise<string[]>;
  /** The PTR names of an address. */
  reverse(address: string): Promise<string[]>;
}

export const systemResolver: HostResolver = {
  lookup: async (name) => (await lookup(name, { all: true, verbatim: true })).map((a) => a.address),
  reverse: (address) => reverse(address),
};

/** IPv4 peers on a dual-stack socket arrive as ::ffff:a.b.c.d; compare them as the IPv4 address they are. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

const familyOf = (address: string): 'ipv4' | 'ipv6' | null => {
  const v = isIP(address);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null;
};

function addressMatches(address: string, entry: string): boolean {
  const family = familyOf(address);
  if (!family) return false;
  const list = new BlockList();
  try {
    const slash = entry.indexOf('/');
    if (slash >= 0) {
      const base = normalizeAddress(entry.slice(0, slash));
      const bits = Number(entry.slice(slash + 1));
      const baseFamily = familyOf(base);
      if (!baseFamily || !Number.isInteger(bits)) return false;
      list.addSubnet(base, bits, baseFamily);
    } else {
      const exact = normalizeAddress(entry);
      const exactFamily = familyOf(exact);
      if (!exactFamily) return false;
      list.addAddress(exact, exactFamily);
    }
  } catch {
    // A malformed range (e.g. /40 on IPv4) matches nothing rather than failing the request.
    return false;
  }
  return list.check(address, family);
}

interface Cached {
  expires: number;
  value: Promise<string[]>;
}

export interface HostMatcher {
  allows(address: string, hosts: readonly string[]): Promise<boolean>;
}

/**
 * Name resolutions are cached for `ttlMs` (a few minutes), failures included, so a busy API client costs no DNS
 * traffic per request and a dead resolver cannot slow every request down.
 */
export function createHostMatcher(resolver: HostResolver = systemResolver, opts: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): HostMatcher {
  const ttlMs = opts.ttlMs ?? 5 * 60_000;
  const maxEntries = opts.maxEntries ?? 2_000;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, Cached>();

  function cached(key: string, load: () => Promise<string[]>): Promise<string[]> {
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.value;
    if (cache.size >= maxEntries) cache.clear();
    const value = load().then(
      (names) => names.map((n) => normalizeAddress(n)),
      () => [] as string[],
    );
    cache.set(key, { expires: now() + ttlMs, value });
    return value;
  }
  const addressesOf = (name: string) => cached(`a:${name.toLowerCase()}`, () => resolver.lookup(name));
  const namesOf = (address: string) => cached(`ptr:${address}`, () => resolver.reverse(address));

  async function nameMatches(address: string, name: string): Promise<boolean> {
    return (await addressesOf(name)).some((a) => addressMatches(address, a));
  }

  async function wildcardMatches(address: string, entry: string): Promise<boolean> {
    const suffix = entry.slice(1).toLowerCase(); // ".example.com"
    for (const ptr of await namesOf(address)) {
      const host = ptr.toLowerCase().replace(/\.$/, '');
      if (host.endsWith(suffix) && host.length > suffix.length && (await nameMatches(address, host))) return true;
    }
    return false;
  }

  return {
    async allows(rawAddress, hosts) {
      const address = normalizeAddress(rawAddress);
      if (!familyOf(address)) return false;
      // Literal entries first: they need no DNS, and most clients list their addresses.
      const names: string[] = [];
      for (const raw of hosts) {
        const entry = raw.trim();
        if (!entry) continue;
        if (entry.includes('/') || familyOf(normalizeAddress(entry))) {
          if (addressMatches(address, entry)) return true;
        } else {
          names.push(entry);
        }
      }
      for (const entry of names) {
        if (entry.startsWith('*.') ? await wildcardMatches(address, entry) : await nameMatches(address, entry)) return true;
      }
      return false;
    },
  };
}
