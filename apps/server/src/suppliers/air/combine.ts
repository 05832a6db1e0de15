import type { LegQuote } from './fares/quote.ts';

/** Between two journeys of one booking (return, multi-city). */
const MIN_STOPOVER_MINUTES = 120;

interface ComboNode {
  prev: ComboNode | null;
  quote: LegQuote;
  score: number;
}

const compatible = (prev: LegQuote, next: LegQuote) =>
  next.segments[0].depUtc >= prev.segments[prev.segments.length - 1].arrUtc + MIN_STOPOVER_MINUTES * 60_000;

/**
 * Combines per-leg quotes (each sorted cheapest first) into journeys: a beam over the legs keeps the `limit`
 * cheapest chronologically possible combinations, then every option of the first leg that fell out gets its cheapest
 * combination back, so no outbound flight disappears just because it is dear.
 */
export function combine(legs: LegQuote[][], limit: number): LegQuote[][] {
  let beam: ComboNode[] = legs[0].map((quote) => ({ prev: null, quote, score: quote.adultTotal }));
  for (let i = 1; i < legs.length; i++) {
    const next: ComboNode[] = [];
    for (const node of beam) {
      for (const quote of legs[i]) if (compatible(node.quote, quote)) next.push({ prev: node, quote, score: node.score + quote.adultTotal });
    }
    next.sort((a, b) => a.score - b.score);
    beam = next.slice(0, limit);
  }
  const unwind = (n: ComboNode) => {
    const out: LegQuote[] = [];
    for (let c: ComboNode | null = n; c; c = c.prev) out.unshift(c.quote);
    return out;
  };
  const combos = beam.slice(0, limit).map(unwind);
  if (legs.length > 1) {
    const covered = new Set(combos.map((c) => c[0]));
    for (const first of legs[0]) {
      if (covered.has(first)) continue;
      const chain = [first];
      for (let i = 1; i < legs.length && chain.length === i; i++) {
        const q = legs[i].find((x) => compatible(chain[i - 1], x));
        if (q) chain.push(q);
      }
      if (chain.length === legs.length) combos.push(chain);
    }
  }
  return combos;
}
