import { BROTLI_QUALITY, createRepresentationAsync, type Representation } from '../../lib/http/representation.ts';

/** A representation in every coding, and when it was made (for `Age`, RFC 9111 §5.1). */
export interface Prepared {
  representation: Representation;
  /** `performance.now()` when the codings were made. */
  preparedAt: number;
}

/**
 * A body whose text is known ahead of requests; its codings are made once off the event loop, by the background pass
 * or the first request.
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

/** A document built from the configuration once per process (robots.txt, discovery, OpenAPI JSON and YAML). */
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
 * Builds and compresses every prepared body one at a time after listening, so serving keeps a core; a request that
 * comes first prepares its own. Failures are reported and left to the next request.
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
