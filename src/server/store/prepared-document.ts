import { PreparedBody, type Prepared } from './prepared-body.ts';

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
