/**
 * A `Map` that keeps at most `limit` entries: adding one more evicts the least recently used.
 * Use it for per-process caches keyed by source text (code steps, expressions, syntax checks).
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  /** @param limit - the most entries kept (at least 1). */
  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`A cache limit must be a positive integer, got ${limit}`);
  }

  /** The number of entries kept. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value kept for `key` (now the most recently used), or `undefined`. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` for `key`, evicting the least recently used entry when full. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.limit) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
  }
}
