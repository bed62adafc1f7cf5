import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { CacheState } from '../catalog/catalog-cache.ts';
import { RequestSeries } from './request-series.ts';
import { routeClass } from './route-class.ts';

/** What a server tells the metrics of each finished request. */
export interface RequestObservation {
  path: string | undefined;
  status: number;
  durationS: number;
}

/** A catalog lookup's outcome: a cache state, or `failed` when no copy could be served (502). */
export type CatalogLookupState = CacheState | 'failed';

/** The service's Prometheus metrics, one set per process (see docs/observability.md). */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly #requests = new RequestSeries();
  readonly #rateLimited = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 by the rate limiter.',
    labelNames: ['service'] as const,
    registers: [this.registry],
  });
  readonly #lookups = new Counter({
    name: 'catalog_cache_lookups_total',
    help: 'Catalog lookups by template and outcome: fresh, fetched, revalidating, stale, or failed (502).',
    labelNames: ['template', 'state'] as const,
    registers: [this.registry],
  });
  readonly #upstreamFailures = new Counter({
    name: 'catalog_upstream_failures_total',
    help: 'Failed upstream catalog requests, by template and reason.',
    labelNames: ['template', 'reason'] as const,
    registers: [this.registry],
  });
  /** When the copy served last for each template was fetched (performance.now() milliseconds). */
  readonly #fetchedAt = new Map<string, number>();
  readonly #limiters = new Map<string, { readonly size: number }>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const requests = this.#requests;
    new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by server, route class and status (499: closed by the client first).',
      labelNames: ['service', 'route', 'status'] as const,
      registers: [this.registry],
      collect() {
        requests.collectCounts(this);
      },
    });
    requests.registerHistogram(
      this.registry,
      'http_request_duration_seconds',
      'Time from the request head to the end of the response, by server and route class.',
    );
    const fetchedAt = this.#fetchedAt;
    const limiters = this.#limiters;
    new Gauge({
      name: 'rate_limit_clients',
      help: 'Client windows the rate limiter holds, by server.',
      labelNames: ['service'] as const,
      registers: [this.registry],
      collect() {
        for (const [service, limiter] of limiters) this.set({ service }, limiter.size);
      },
    });
    new Gauge({
      name: 'catalog_cache_age_seconds',
      help: 'Age of the catalog copy served last, by template.',
      labelNames: ['template'] as const,
      registers: [this.registry],
      collect() {
        const now = performance.now();
        for (const [template, at] of fetchedAt) this.set({ template }, (now - at) / 1000);
      },
    });
  }

  /** Counts a finished request of `service`. */
  observeRequest(service: string, request: RequestObservation): void {
    this.#requests.observe(service, routeClass(request.path, request.status), request.status, request.durationS);
    if (request.status === 429) this.#rateLimited.labels(service).inc();
  }

  /** Reports the rate limiter's table size (clients tracked) of `service` at each scrape. */
  watchLimiter(service: string, limiter: { readonly size: number }): void {
    this.#limiters.set(service, limiter);
  }

  /** Counts a catalog lookup and remembers the age of the copy served. */
  observeCatalogLookup(template: string, state: CatalogLookupState, ageMs = 0): void {
    this.#lookups.labels(template, state).inc();
    if (state !== 'failed') this.#fetchedAt.set(template, performance.now() - ageMs);
  }

  /** Counts a failed upstream catalog request. */
  observeUpstreamFailure(template: string, reason: string): void {
    this.#upstreamFailures.labels(template, reason).inc();
  }
}

/** Shared by every copy of this module: the server's own and the one bundled by Astro. */
const PROCESS_METRICS = Symbol.for('biomarker-catalog.metrics');

/** The process-wide metrics, made on first use. */
export function processMetrics(): ServiceMetrics {
  const holder = globalThis as { [PROCESS_METRICS]?: ServiceMetrics };
  holder[PROCESS_METRICS] ??= new ServiceMetrics();
  return holder[PROCESS_METRICS];
}
