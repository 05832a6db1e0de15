/** A small least-recently-used map: reading an entry makes it the newest; the oldest goes when full. */
export class Lru<K, V> {
  readonly #map = new Map<K, V>();
  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    const v = this.#map.get(key);
    if (v === undefined) return undefined;
    this.#map.delete(key);
    this.#map.set(key, v);
    return v;
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    while (this.#map.size > this.capacity) this.#map.delete(this.#map.keys().next().value as K);
  }

  /** Drops every entry whose key matches (e.g. older versions of one search). */
  deleteWhere(match: (key: K) => boolean): void {
    for (const k of [...this.#map.keys()]) if (match(k)) this.#map.delete(k);
  }

  get size() {
    return this.#map.size;
  }
}
