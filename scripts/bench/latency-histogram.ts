/** Width of one bucket, in milliseconds: percentiles are exact to 10 µs. */
const BUCKET_MS = 0.01;
/** Buckets up to 2 s; slower samples count in the last one (and in `max`). */
const BUCKETS = 200_000;

/**
 * Latency samples in fixed 10 µs buckets: recording allocates nothing and costs the same
 * for the millionth sample as for the first, so the load generator's own garbage
 * collection does not show up in the latencies it measures.
 */
export class LatencyHistogram {
  readonly #counts = new Uint32Array(BUCKETS);
  #count = 0;
  #max = 0;

  /** Adds one sample, in milliseconds. */
  record(ms: number): void {
    this.#counts[Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)))]! += 1;
    this.#count += 1;
    if (ms > this.#max) this.#max = ms;
  }

  /** Adds every sample of `other`. */
  add(other: LatencyHistogram): void {
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) this.#counts[bucket]! += other.#counts[bucket]!;
    this.#count += other.#count;
    this.#max = Math.max(this.#max, other.#max);
  }

  /** Number of samples. */
  get count(): number {
    return this.#count;
  }

  /** Slowest sample, in milliseconds, rounded to 10 µs. */
  get max(): number {
    return Math.round(this.#max * 100) / 100;
  }

  /** Upper edge of the bucket holding the `q` quantile (0 < q ≤ 1), in milliseconds; 0 when empty. */
  percentile(q: number): number {
    if (this.#count === 0) return 0;
    const rank = Math.max(1, Math.ceil(q * this.#count));
    let seen = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
      seen += this.#counts[bucket]!;
      if (seen >= rank) return Math.min(this.max, Math.round((bucket + 1) * BUCKET_MS * 100) / 100);
    }
    return this.max;
  }
}
