/**
 * Deterministic randomness for the simulators: every "random" choice is a pure function of its key (carrier, route,
 * date...), so the same question always gets the same answer in any process, and tests can pin results.
 */

/** FNV-1a, 32 bits. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Final avalanche (murmur3 fmix) so that keys differing in one character spread over the whole range.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Mulberry32: a small, fast PRNG with good enough statistics for schedules. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seeded(...parts: (string | number)[]): () => number {
  return mulberry32(hash32(parts.join('|')));
}

/** A stable percentage 0..99 for a key. */
export function percentOf(...parts: (string | number)[]): number {
  return hash32(parts.join('|')) % 100;
}
