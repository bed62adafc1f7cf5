import { BROTLI_QUALITY, createRepresentationAsync, type Representation } from '../../lib/http/representation.ts';

/** A representation in every coding, and when it was made (for `Age`, RFC 9111 §5.1). */
export interface Prepared {
  representation: Representation;
  /** `performance.now()` when the codings were made. */
  preparedAt: number;
}

/**
 * A response body prepared ahead of any request: its text is known (from the build, or
 * built at start-up), and its codings are made once, off the event loop, either by the
 * background preparation after listening or, if a request comes first, for that request
 * and every later one. Requests then only pick bytes.
 */
export class PreparedBody {
  #text: string | undefined;
  readonly #contentType: string;
  readonly #brotliQuality: number;
  #value: Prepared | undefined;
  #pending: Promise<Prepared> | undefined;

  /** `brotliQuality`: lower for bodies made on a request's behalf (a filtered view). */
  constructor(text: string, contentType: string, brotliQuality = BROTLI_QUALITY) {
    this.#text = text;
    this.#contentType = contentType;
    this.#brotliQuality = brotliQuality;
  }

  /** The representation in every coding, once made; undefined before. */
  get ready(): Prepared | undefined {
    return this.#value;
  }

  /** Makes the codings (once) and resolves with the representation. */
  prepare(): Promise<Prepared> {
    this.#pending ??= createRepresentationAsync(this.#text!, this.#contentType, this.#brotliQuality).then(
      (representation) => {
        this.#value = { representation, preparedAt: performance.now() };
        this.#text = undefined; // the identity bytes live on in the representation
        return this.#value;
      },
    );
    return this.#pending;
  }
}

/** A document as its builder makes it: text, media type and how long caches may keep it. */
export interface DocumentText {
  text: string;
  contentType: string;
  cacheControl: string;
}

/** A built and compressed document. */
export interface ReadyDocument extends Prepared {
  cacheControl: string;
}

/**
 * A document the server builds itself from the configuration, once per process (robots.txt,
 * the discovery documents, the OpenAPI JSON and YAML): built and compressed by the background
 * preparation after listening, or by the first request that comes before it.
 */
export class PreparedDocument {
  readonly #build: () => Promise<DocumentText>;
  #ready: ReadyDocument | undefined;
  #pending: Promise<ReadyDocument> | undefined;

  constructor(build: () => Promise<DocumentText>) {
    this.#build = build;
  }

  /** The document, when built and compressed; undefined before. */
  get ready(): ReadyDocument | undefined {
    return this.#ready;
  }

  /** Builds and compresses the document (once). */
  prepare(): Promise<ReadyDocument> {
    this.#pending ??= this.#build().then(async ({ text, contentType, cacheControl }) => {
      this.#ready = { ...(await new PreparedBody(text, contentType).prepare()), cacheControl };
      return this.#ready;
    });
    return this.#pending;
  }
}

/** How long after listening the background work starts: the first requests of a fresh process go first. */
const BACKGROUND_DELAY_MS = 250;

/**
 * Builds the server's documents and compresses every prepared body, one at a time, shortly
 * after the server listens: never per request, and never on the start-up path. A request that arrives first for one of them prepares that one itself
 * (once; later requests reuse it). Compression runs on libuv's thread pool, one job at a
 * time, so serving keeps a core. Failures are reported and left to the next request.
 */
export function prepareInBackground(
  documents: Iterable<PreparedDocument>,
  bodies: () => Iterable<PreparedBody>,
  onError: (error: unknown) => void,
): void {
  const timer = setTimeout(async () => {
    for (const document of documents) await document.prepare().catch(onError);
    for (const body of bodies()) await body.prepare().catch(onError);
  }, BACKGROUND_DELAY_MS);
  timer.unref();
}
