import { BROTLI_QUALITY, createRepresentationAsync, type Representation } from '../../lib/http/representation.ts';

/** A representation in every coding, and when it was made. */
export interface Prepared {
  representation: Representation;
  /** `performance.now()` when the codings were made. */
  preparedAt: number;
}

/** A body's text and media type, before its codings are made, and its modification time where it has one. */
export interface BodyText {
  text: string;
  contentType: string;
  /** The representation's `Last-Modified` (an IMF-fixdate). */
  lastModified?: string;
}

/**
 * A body whose text is known ahead of requests, or built once from the configuration (robots.txt, discovery, OpenAPI);
 * its codings are made once off the event loop, by the background pass or the first request.
 */
export class PreparedBody {
  #source: BodyText | (() => Promise<BodyText>) | undefined;
  readonly #brotliQuality: number;
  #value: Prepared | undefined;
  #pending: Promise<Prepared> | undefined;

  /** `source`: the text, or what builds it on first need; `brotliQuality`: lower for bodies made on a request's behalf. */
  constructor(source: BodyText | (() => Promise<BodyText>), brotliQuality = BROTLI_QUALITY) {
    this.#source = source;
    this.#brotliQuality = brotliQuality;
  }

  /** The representation in every coding, once made; undefined before. */
  get ready(): Prepared | undefined {
    return this.#value;
  }

  /** Builds the text if need be and makes the codings (once); resolves with the representation. */
  prepare(): Promise<Prepared> {
    this.#pending ??= this.#make();
    return this.#pending;
  }

  async #make(): Promise<Prepared> {
    const source = this.#source!;
    const { text, contentType, lastModified } = typeof source === 'function' ? await source() : source;
    const representation = await createRepresentationAsync(text, contentType, this.#brotliQuality);
    if (lastModified !== undefined) representation.lastModified = lastModified;
    this.#value = { representation, preparedAt: performance.now() };
    this.#source = undefined; // the identity bytes live on in the representation
    return this.#value;
  }
}

/** How long after listening the background work starts: the first requests of a fresh process go first. */
export const BACKGROUND_DELAY_MS = 250;

/**
 * Builds and compresses every prepared body one at a time after listening, so serving keeps a core; a request that
 * comes first prepares its own. Failures are reported and left to the next request.
 */
export function prepareInBackground(bodies: () => Iterable<PreparedBody>, onError: (error: unknown) => void): void {
  const prepareAll = async () => {
    for (const body of bodies()) await body.prepare().catch(onError);
  };
  const timer = setTimeout(() => void prepareAll().catch(onError), BACKGROUND_DELAY_MS);
  timer.unref();
}
