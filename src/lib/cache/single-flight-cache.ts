/**
 * A map from key to a value produced once: concurrent first requests share one
 * producer call, and a failed call is forgotten so the next request tries again.
 * Unbounded by design: keys are a fixed set (the registered pages), never request input.
 */
export class SingleFlightCache<T> {
  readonly #entries = new Map<string, Promise<T>>();

  /** The value for `key`, produced by `produce` on first use. */
  get(key: string, produce: () => Promise<T>): Promise<T> {
    const existing = this.#entries.get(key);
    if (existing !== undefined) return existing;
    const pending = produce();
    this.#entries.set(key, pending);
    pending.catch(() => this.#entries.delete(key));
    return pending;
  }

  /** How many values are held or being produced. */
  get size(): number {
    return this.#entries.size;
  }
}
