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
