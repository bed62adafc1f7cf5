import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { etagMatches } from '../lib/http/conditional.ts';

/** One response recorded from Astro, replayable until it expires. */
export interface CachedResponse {
  headers: OutgoingHttpHeaders;
  /** The same headers as a flat name/value list, ready for writeHead. */
  flatHeaders: string[];
  body: Buffer;
  etag: string;
  storedAt: number;
  expiresAt: number;
}

/** Limits of the response cache. */
export interface ResponseCacheOptions {
  /** Most responses held; the oldest is dropped first. */
  maxEntries: number;
  /** Largest body recorded. */
  maxBodyBytes: number;
  now?: () => number;
}

/** Headers that describe a connection or a single transfer, never replayed. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length', 'set-cookie']);

/** Headers of a cached 200 that a replayed 304 repeats. */
const NOT_MODIFIED_HEADERS = ['etag', 'cache-control', 'vary'] as const;

/** Seconds a response may be reused, or 0 when its own headers do not allow shared reuse. */
export function sharedMaxAge(headers: OutgoingHttpHeaders): number {
  const cacheControl = String(headers['cache-control'] ?? '').toLowerCase();
  if (!/(^|,)\s*public\s*(,|$)/.test(cacheControl) || /no-store|no-cache|private/.test(cacheControl)) return 0;
  const match = /(?:^|,)\s*(?:s-maxage|max-age)=(\d+)/.exec(cacheControl);
  return match === null ? 0 : Number(match[1]);
}

/** Whether the response varies on nothing but `Accept-Encoding`, which is part of the key. */
const variesOnlyOnEncoding = (headers: OutgoingHttpHeaders): boolean =>
  String(headers['vary'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .every((name) => name === '' || name === 'accept-encoding');

const lowerCaseKeys = (headers: OutgoingHttpHeaders): OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * The fast path of the site server: responses Astro produced for GET, which their own
 * headers mark as shareable (`public`, `max-age` > 0, an `ETag`, `Vary` at most
 * `Accept-Encoding`), are recorded and replayed — 200 or 304 — without running Astro,
 * until their `max-age` runs out. Keyed by path, query and the `Accept-Encoding` header.
 */
export class ResponseCache {
  readonly #options: ResponseCacheOptions;
  readonly #now: () => number;
  readonly #entries = new Map<string, CachedResponse>();

  constructor(options: ResponseCacheOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Number of responses held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The cache key of a request, or undefined when it must not use the cache. */
  keyFor(req: IncomingMessage, target: string): string | undefined {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const encoding = (req.headers['accept-encoding'] ?? '').toLowerCase().replaceAll(' ', '');
    if (encoding.length > 128 || target.length > 512) return undefined;
    return `${target}\n${encoding}`;
  }

  /** A fresh cached response for `key`; expired ones are dropped. */
  get(key: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.#now()) return entry;
    this.#entries.delete(key);
    return undefined;
  }

  /**
   * Answers from a cached response: 304 when `If-None-Match` matches, else 200. `extra` is a
   * flat name/value list written with it (the rate-limit and baseline headers).
   */
  replay(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, extra: readonly string[]): void {
    // RFC 9111 §5.1: a response served from a cache carries its Age.
    const age = String(Math.floor((this.#now() - entry.storedAt) / 1000));
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      // RFC 9110 §15.4.5: the validator and caching headers of the 200 — those it has. Node refuses
      // an undefined header value, so a response without `Vary` must not pass one.
      const kept = NOT_MODIFIED_HEADERS.flatMap((name) => {
        const value = entry.headers[name];
        return value === undefined ? [] : [[name, value] as const];
      });
      res.writeHead(304, [...extra, ...kept.flat().map(String), 'age', age]);
      return void res.end();
    }
    res.writeHead(200, [...extra, ...entry.flatHeaders, 'age', age, 'content-length', String(entry.body.length)]);
    res.end(req.method === 'HEAD' ? undefined : entry.body);
  }

  /** Records what is written to `res` and stores it under `key` if it may be shared. */
  record(res: ServerResponse, key: string): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let status = 0;
    let headers: OutgoingHttpHeaders = {};
    const writeHead = res.writeHead.bind(res);
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const keep = (chunk: unknown) => {
      if (typeof chunk === 'function' || chunk === undefined || chunk === null) return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string);
      size += buffer.length;
      if (size <= this.#options.maxBodyBytes) chunks.push(buffer);
    };
    res.writeHead = ((code: number, ...rest: unknown[]) => {
      status = code;
      const given = rest.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
      headers = lowerCaseKeys((given ?? {}) as OutgoingHttpHeaders);
      return writeHead(code, ...(rest as []));
    }) as typeof res.writeHead;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk as Buffer, ...(rest as []));
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk);
      this.#store(key, status, headers, chunks, size);
      return end(chunk as Buffer, ...(rest as []));
    }) as typeof res.end;
  }

  #store(key: string, status: number, headers: OutgoingHttpHeaders, chunks: Buffer[], size: number): void {
    const maxAge = sharedMaxAge(headers);
    const etag = headers['etag'];
    if (status !== 200 || maxAge <= 0 || typeof etag !== 'string' || size > this.#options.maxBodyBytes) return;
    if (!variesOnlyOnEncoding(headers) || headers['set-cookie'] !== undefined) return;
    const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
    const now = this.#now();
    this.#entries.delete(key);
    if (this.#entries.size >= this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const flatHeaders = Object.entries(kept).flatMap(([name, value]) =>
      Array.isArray(value) ? value.flatMap((item) => [name, String(item)]) : [name, String(value)],
    );
    this.#entries.set(key, {
      headers: kept,
      flatHeaders,
      body: Buffer.concat(chunks, size),
      etag,
      storedAt: now,
      expiresAt: now + maxAge * 1000,
    });
  }
}
