import { requestUpstream, type UpstreamRequest } from './upstream-reply.ts';
import {
  BiomarkerCatalogSchema,
  CATALOG_PATH,
  type BiomarkerCatalog,
  type CatalogTemplate,
} from '../schemas/catalog.ts';

/** Why an upstream call failed; each becomes a 502 `bad_gateway` unless a stale copy stands in. */
export type UpstreamFailure =
  'unreachable' | 'timeout' | 'status' | 'content-type' | 'too-large' | 'invalid-json' | 'invalid-shape';

/** An upstream call that did not yield a valid catalog. `message` is safe to show a client. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  /** The kind of failure, for logs and tests. */
  readonly reason: UpstreamFailure;
  constructor(reason: UpstreamFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * Whether `value` is an upstream error, made by this module or by another copy of it: Astro's pages are a module graph
 * of their own (the built bundle, or Vite's modules under `npm run dev`) and read the server's catalog service, whose
 * errors are instances of the server's class, which `instanceof` in the pages' copy would not recognise.
 */
export const isUpstreamError = (value: unknown): value is UpstreamError =>
  value instanceof Error &&
  value.name === 'UpstreamError' &&
  typeof (value as { reason?: unknown }).reason === 'string';

/** The failure of a call that got no complete answer within `timeoutMs`. */
export const upstreamTimeout = (timeoutMs: number): UpstreamError =>
  new UpstreamError('timeout', `The catalog origin did not answer within ${timeoutMs} ms.`);

/** The 502's detail: why the upstream call failed, and that no copy could stand in. */
export function badGatewayDetail(error: unknown, template: CatalogTemplate): string {
  const cause = error instanceof UpstreamError ? error.message : 'The catalog origin failed.';
  return `${cause} No cached copy of ${template} is recent enough to serve instead.`;
}

/** Limits of one upstream call. */
export interface UpstreamOptions {
  /** Total deadline: connect, headers and the whole body. */
  timeoutMs: number;
  /** Largest body accepted, in bytes after any content decoding. */
  maxBytes: number;
  /** Extra request headers (e.g. the site's key for its catalog origin); `Accept` is always sent. */
  headers?: Readonly<Record<string, string>>;
  /** The client, when not the node:http one (upstream-reply.ts): tests and the build's search index give one. */
  request?: UpstreamRequest;
}

/**
 * Fetches and validates one panel; every failure (connection, deadline, status, body, shape) is an UpstreamError
 * within `timeoutMs`.
 */
export async function fetchUpstreamCatalog(
  originUrl: string,
  template: CatalogTemplate,
  options: UpstreamOptions,
): Promise<BiomarkerCatalog> {
  const url = `${originUrl}${CATALOG_PATH}?template=${encodeURIComponent(template)}`;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const tooLarge = () => new UpstreamError('too-large', `The catalog origin sent more than ${options.maxBytes} bytes.`);
  let bytes: Buffer;
  try {
    // Only the codings upstream-reply.ts decodes.
    const headers = { ...options.headers, Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br' };
    const reply = await (options.request ?? requestUpstream)(url, headers, signal);
    if (reply.status < 200 || reply.status > 299) {
      reply.discard();
      throw new UpstreamError('status', `The catalog origin answered ${reply.status}.`);
    }
    const type = reply.contentType;
    if (!/^application\/([a-z.+-]*\+)?json\s*(;|$)/i.test(type)) {
      reply.discard();
      throw new UpstreamError('content-type', `The catalog origin sent ${type || 'no content type'}, not JSON.`);
    }
    const length = reply.contentLength;
    if (length > options.maxBytes) {
      reply.discard();
      throw new UpstreamError('too-large', `The catalog origin announced ${length} bytes, over ${options.maxBytes}.`);
    }
    bytes = await reply.read(options.maxBytes, signal, tooLarge);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    if (signal.aborted) throw upstreamTimeout(options.timeoutMs);
    throw new UpstreamError('unreachable', 'The catalog origin could not be reached.');
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new UpstreamError('invalid-json', 'The catalog origin sent a body that is not valid JSON.');
  }
  const result = BiomarkerCatalogSchema.safeParse(json);
  if (!result.success) {
    const first = result.error.issues[0];
    const where =
      first === undefined ? '' : ` (at ${first.path.map(String).join('.') || 'the root'}: ${first.message})`;
    throw new UpstreamError('invalid-shape', `The catalog origin sent an unexpected payload${where}.`);
  }
  return result.data;
}
