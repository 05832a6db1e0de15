/**
 * How wide an address range an agency may list among its API key's allowed hosts (issue 9). `0.0.0.0/0` or `::/0`
 * allow the key from anywhere, which is the same as having no list, while the screen still shows a list and reads as
 * protected. A range is refused when it is wider than what one organisation can hold:
 *
 * - IPv4: at least /8 (16.7 million addresses, the largest block ever assigned to one organisation);
 * - IPv6: at least /32 (the block a registry allocates to a whole provider; a site gets a /48).
 *
 * An IPv6 range that reaches into the IPv4-mapped block ::ffff:0:0/96 also matches IPv4 callers (Node's BlockList
 * compares them that way), so `::/64` or `::ffff:0:0/96` allow every IPv4 address: such a range is held to the IPv4
 * rule by the IPv4 part it covers. Pure string arithmetic, so the web and the server share it.
 */
export const MIN_PREFIX = { ipv4: 8, ipv6: 32 } as const;

function ipv4Bits(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(Number(p));
  }
  return n;
}

function ipv6Bits(text: string): bigint | null {
  let head = text;
  let tail: bigint[] = [];
  // A trailing dotted quad (::ffff:1.2.3.4) stands for the last two groups.
  const quad = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (quad) {
    const v4 = ipv4Bits(quad[2]);
    if (v4 === null) return null;
    head = quad[1].endsWith('::') ? quad[1] : quad[1].slice(0, -1);
    tail = [v4 >> 16n, v4 & 0xffffn];
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(halves[0]);
  const right = halves.length === 2 ? groups(halves[1]) : [];
  const total = 8 - tail.length;
  const given = left.length + right.length;
  if (halves.length === 1 ? given !== total : given >= total) return null;
  const all = [...left, ...Array(total - given).fill('0'), ...right];
  let n = 0n;
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  for (const g of tail) n = (n << 16n) | g;
  return n;
}

const MAPPED_PREFIX = 0xffffn << 32n; // ::ffff:0:0/96

/**
 * The prefix length a CIDR entry really allows, per family it reaches, or null for an entry that is not a range (a
 * single address, a host name, something unreadable: those are the pattern's business, not this rule's).
 */
export function rangeWidth(entry: string): { ipv4?: number; ipv6?: number } | null {
  const slash = entry.indexOf('/');
  if (slash < 0) return null;
  const base = entry.slice(0, slash).trim();
  const bitsText = entry.slice(slash + 1).trim();
  if (!/^\d{1,3}$/.test(bitsText)) return null;
  const bits = Number(bitsText);
  if (!base.includes(':')) return ipv4Bits(base) === null || bits > 32 ? null : { ipv4: bits };
  const n = ipv6Bits(base);
  if (n === null || bits > 128) return null;
  // Does the range overlap ::ffff:0:0/96? Compare the first min(bits, 96) bits of both.
  const shared = BigInt(128 - Math.min(bits, 96));
  const overlapsMapped = n >> shared === MAPPED_PREFIX >> shared;
  return overlapsMapped ? { ipv6: bits, ipv4: Math.max(0, bits - 96) } : { ipv6: bits };
}

/** True for a range wider than MIN_PREFIX allows in any family it reaches. */
export function isTooWideRange(entry: string): boolean {
  const w = rangeWidth(entry);
  if (!w) return false;
  return (w.ipv4 !== undefined && w.ipv4 < MIN_PREFIX.ipv4) || (w.ipv6 !== undefined && w.ipv6 < MIN_PREFIX.ipv6);
}
