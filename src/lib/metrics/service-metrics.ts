import type { Counter, LabelValues, Registry } from 'prom-client';
import type { InstanceLimiter } from '../rate-limit/limiter.ts';
import { RequestSeries } from './request-series.ts';

/** What a server tells the metrics of each finished request. */
export interface RequestObservation {
  /** The route family's label (the route table's, a bounded set); any 404 is counted as `not_found`. */
  route: string;
  status: number;
  durationS: number;
}

/** A catalog lookup's outcome: a cache state, or `failed` when no copy could be served (502). */
export type CatalogLookupState = 'fresh' | 'fetched' | 'revalidating' | 'stale' | 'failed';

/** Counts by label set, kept in plain numbers and copied into a prom-client counter at each scrape. */
class LabelledCounts<L extends string> {
  readonly #counts = new Map<string, { labels: Record<L, string>; count: number }>();

  /** Adds one for `labels`. */
  inc(labels: Record<L, string>): void {
    const key = Object.values(labels).join('\u0000');
    const entry = this.#counts.get(key);
    if (entry === undefined) this.#counts.set(key, { labels, count: 1 });
    else entry.count += 1;
  }

  /** Fills `counter` from the counts, replacing what it held. */
  collect(counter: Counter<L>): void {
    counter.reset();
    for (const { labels, count } of this.#counts.values()) counter.inc(labels as LabelValues<L>, count);
  }
}

/**
 * The service's metrics (docs/observability.md), counted in plain numbers; prom-client loads only with `registry()`,
 * off the start-up path (docs/performance.md).
 */
export class ServiceMetrics {
  readonly #requests = new RequestSeries();
  readonly #rateLimited = new LabelledCounts<'service'>();
  readonly #lookups = new LabelledCounts<'template' | 'state'>();
  readonly #upstreamFailures = new LabelledCounts<'template' | 'reason'>();
  readonly #shed = new LabelledCounts<'service'>();
  readonly #storeFallbacks = new LabelledCounts<'reason'>();
  readonly #storeLate = new LabelledCounts<never>();
  readonly #stores = new Map<string, { readonly up: boolean }>();
  /** When the copy served last for each template was fetched (performance.now() milliseconds). */
  readonly #fetchedAt = new Map<string, number>();
  readonly #limiters = new Map<string, Pick<InstanceLimiter, 'size'>>();
  #registry: Promise<Registry> | undefined;

  /** The registry, made on first call; default process metrics (event-loop lag, GC) are measured from then on. */
  registry(): Promise<Registry> {
    this.#registry ??= import('prom-client').then((prom) => this.#register(prom));
    return this.#registry;
  }

  #register({ Counter, Gauge, Registry, collectDefaultMetrics }: typeof import('prom-client')): Registry {
    const registry = new Registry();
    const counter = <L extends string>(name: string, help: string, labelNames: L[], counts: LabelledCounts<L>) =>
      new Counter({
        name,
        help,
        labelNames,
        registers: [registry],
        collect() {
          counts.collect(this);
        },
      });
    // Registered in the order the exposition has always listed them.
    counter(
      'rate_limit_refusals_total',
      'Requests refused with 429 by the rate limiter.',
      ['service'],
      this.#rateLimited,
    );
    counter(
      'catalog_cache_lookups_total',
      'Catalog lookups by template and outcome: fresh, fetched, revalidating, stale, or failed (502).',
      ['template', 'state'],
      this.#lookups,
    );
    counter(
      'catalog_upstream_failures_total',
      'Failed upstream catalog requests, by template and reason.',
      ['template', 'reason'],
      this.#upstreamFailures,
    );
    counter(
      'render_shed_total',
      'Requests answered 503 because as many renders as allowed were running and waiting.',
      ['service'],
      this.#shed,
    );
    counter(
      'rate_limit_store_fallbacks_total',
      'Requests the instance limited alone although a shared store is configured: unavailable, timeout or error.',
      ['reason'],
      this.#storeFallbacks,
    );
    counter(
      'rate_limit_store_late_total',
      'Requests the shared rate-limit store answered after RATE_LIMIT_STORE_TIMEOUT_MS, decided by that answer all the same.',
      [],
      this.#storeLate,
    );
    collectDefaultMetrics({ register: registry });
    const requests = this.#requests;
    new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by server, route class and status (499: closed by the client first).',
      labelNames: ['service', 'route', 'status'] as const,
      registers: [registry],
      collect() {
        requests.collectCounts(this);
      },
    });
    requests.registerHistogram(
      registry,
      'http_request_duration_seconds',
      'Time from the request head to the end of the response, by server and route class.',
    );
    const fetchedAt = this.#fetchedAt;
    const limiters = this.#limiters;
    new Gauge({
      name: 'rate_limit_clients',
      help: 'Client windows the rate limiter holds, by server.',
      labelNames: ['service'] as const,
      registers: [registry],
      collect() {
        for (const [service, limiter] of limiters) this.set({ service }, limiter.size);
      },
    });
    const stores = this.#stores;
    new Gauge({
      name: 'rate_limit_store_up',
      help: 'Whether the shared rate-limit store counts requests (1) or each instance alone (0), by server; absent without a store.',
      labelNames: ['service'] as const,
      registers: [registry],
      collect() {
        for (const [service, store] of stores) this.set({ service }, store.up ? 1 : 0);
      },
    });
    new Gauge({
      name: 'catalog_cache_age_seconds',
      help: 'Age of the catalog copy served last, by template.',
      labelNames: ['template'] as const,
      registers: [registry],
      collect() {
        const now = performance.now();
        for (const [template, at] of fetchedAt) this.set({ template }, (now - at) / 1000);
      },
    });
    return registry;
  }

  /** Counts a finished request of `service`. */
  observeRequest(service: string, request: RequestObservation): void {
    // Whatever the path, so scanned paths cannot create label values.
    const route = request.status === 404 ? 'not_found' : request.route;
    this.#requests.observe(service, route, request.status, request.durationS);
    if (request.status === 429) this.#rateLimited.inc({ service });
  }

  /** Reports the rate limiter's table size (clients tracked) of `service` at each scrape. */
  watchLimiter(service: string, limiter: Pick<InstanceLimiter, 'size'>): void {
    this.#limiters.set(service, limiter);
  }

  /** Reports at each scrape whether `service`'s shared rate-limit store is in use. */
  watchStore(service: string, store: { readonly up: boolean }): void {
    this.#stores.set(service, store);
  }

  /** Counts a request limited by the instance alone although a shared store is configured. */
  observeStoreFallback(reason: string): void {
    this.#storeFallbacks.inc({ reason });
  }

  /** Counts a request the shared store answered late (decided by that answer). */
  observeStoreLate(): void {
    this.#storeLate.inc({});
  }

  /** Counts a catalog lookup and remembers the age of the copy served. */
  observeCatalogLookup(template: string, state: CatalogLookupState, ageMs = 0): void {
    this.#lookups.inc({ template, state });
    if (state !== 'failed') this.#fetchedAt.set(template, performance.now() - ageMs);
  }

  /** Counts a request of `service` shed because the renders were full (503). */
  observeShed(service: string): void {
    this.#shed.inc({ service });
  }

  /** Counts a failed upstream catalog request. */
  observeUpstreamFailure(template: string, reason: string): void {
    this.#upstreamFailures.inc({ template, reason });
  }
}

/**
 * The metrics of this process, made on first use. Only the server's module graph counts: Astro's pages are handed the
 * catalog service the server made (with these metrics), never make one.
 */
let processWide: ServiceMetrics | undefined;

/** The process's metrics, made on first use. */
export function processMetrics(): ServiceMetrics {
  processWide ??= new ServiceMetrics();
  return processWide;
}
