import type { Counter, Metric, Registry } from 'prom-client';

/** Latency buckets in seconds: from a prepared representation to a slow upstream. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Counts and latencies of one server's requests of one route class. */
interface Series {
  labels: { service: string; route: string };
  byStatus: Map<number, number>;
  /** Non-cumulative counts per bucket; the last one is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * Request counts and latencies in plain numbers, turned into series at scrape time: prom-client hashes labels on every
 * call.
 */
export class RequestSeries {
  readonly #series = new Map<string, Map<string, Series>>();

  /** Counts one request. */
  observe(service: string, route: string, status: number, durationS: number): void {
    let routes = this.#series.get(service);
    if (routes === undefined) this.#series.set(service, (routes = new Map()));
    let series = routes.get(route);
    if (series === undefined) {
      series = {
        labels: { service, route },
        byStatus: new Map(),
        buckets: Array<number>(LATENCY_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      routes.set(route, series);
    }
    series.byStatus.set(status, (series.byStatus.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && durationS > LATENCY_BUCKETS[bucket]!) bucket += 1;
    series.buckets[bucket]! += 1;
    series.sum += durationS;
    series.count += 1;
  }

  /** Fills `counter` (labels service, route, status) from the counts, at scrape time. */
  collectCounts(counter: Counter<'service' | 'route' | 'status'>): void {
    counter.reset();
    for (const series of this.#all()) {
      for (const [status, count] of series.byStatus) counter.inc({ ...series.labels, status: String(status) }, count);
    }
  }

  /** Registers the latency histogram `name` in `registry`, read from these series at each scrape. */
  registerHistogram(registry: Registry, name: string, help: string): void {
    const snapshot = () => ({
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      values: [...this.#all()].flatMap((series) => {
        let cumulative = 0;
        const buckets = series.buckets.map((count, i) => {
          cumulative += count;
          const le = i < LATENCY_BUCKETS.length ? String(LATENCY_BUCKETS[i]) : '+Inf';
          return { metricName: `${name}_bucket`, labels: { ...series.labels, le }, value: cumulative };
        });
        return [
          ...buckets,
          { metricName: `${name}_sum`, labels: series.labels, value: series.sum },
          { metricName: `${name}_count`, labels: series.labels, value: series.count },
        ];
      }),
    });
    // A metric is anything the registry can `get()` a snapshot from; prom-client's types
    // only name its own classes, hence the cast.
    registry.registerMetric({ name, help, get: async () => snapshot(), reset: () => undefined } as unknown as Metric);
  }

  *#all(): Iterable<Series> {
    for (const routes of this.#series.values()) yield* routes.values();
  }
}
