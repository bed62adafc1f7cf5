import type { BrowserTemplates } from '../../lib/catalog-page/browser-views.ts';
import { parseTemplate, type PageTemplate } from '../../lib/catalog-page/page-template.ts';
import { createResponseRepresentation, type Coding, type Representation } from '../../lib/http/representation.ts';
import type { Rendered } from './astro-renderer.ts';
import { RenderOverloaded } from './render-gate.ts';
import type { RenderedResource } from './rendered-resources.ts';
import { SingleFlightCache } from './single-flight-cache.ts';

/** A template as rendered and parsed, with the media type of the views made from it. */
interface Parsed<T> {
  contentType: string;
  template: T;
}

/** The view assembly, imported on the first filtered view: the Markdown printer comes with it. */
type Views = typeof import('../../lib/catalog-page/browser-views.ts');

/**
 * Most turns of the event loop a job waits while requests keep arriving. libuv accepts one connection per turn, so a
 * turn that runs a view holds up every connection queued behind a burst (a probe's included) for a view's time.
 */
const MAX_TURNS_PER_JOB = 64;

/**
 * Most views waiting for their turn (about two seconds of work on the usual machine); a view past it is refused with a
 * 503 at once rather than queued without end.
 */
const MAX_QUEUED_VIEWS = 512;

/**
 * Runs jobs one at a time, each in a turn of the event loop of its own, and only after a turn that brought no new job
 * (or `MAX_TURNS_PER_JOB` turns): while a burst is still being accepted, turns stay short, so a probe or a cached page
 * queued behind it waits about one view's time.
 */
class Turns {
  readonly #jobs: (() => void)[] = [];
  readonly #capacity: number;
  readonly #onShed: () => void;
  #arrived = false;
  #waited = 0;

  constructor(capacity: number, onShed: () => void) {
    this.#capacity = capacity;
    this.#onShed = onShed;
  }

  /** `job`'s result, once its turn has come; `RenderOverloaded` at once when `capacity` jobs wait already. */
  run<T>(job: () => T): Promise<T> {
    if (this.#jobs.length >= this.#capacity) {
      this.#onShed();
      return Promise.reject(new RenderOverloaded(1));
    }
    return new Promise<T>((resolve, reject) => {
      this.#jobs.push(() => {
        try {
          resolve(job());
        } catch (error) {
          reject(error as Error);
        }
      });
      this.#arrived = true;
      if (this.#jobs.length === 1) setImmediate(this.#next);
    });
  }

  readonly #next = (): void => {
    if (this.#arrived && this.#waited < MAX_TURNS_PER_JOB) {
      this.#arrived = false;
      this.#waited += 1;
    } else {
      this.#waited = 0;
      this.#jobs.shift()?.();
    }
    if (this.#jobs.length > 0) setImmediate(this.#next);
  };
}

/**
 * The filtered views of the biomarker browser, assembled from its templates (rendered once per data version) by
 * running the filter and joining strings: a new query costs no render, and each view is compressed only in the coding
 * its response takes. Nothing is kept per query.
 */
export class FilteredViews {
  readonly #render: (resource: RenderedResource) => Promise<Rendered>;
  readonly #html = new SingleFlightCache<Parsed<BrowserTemplates>>();
  readonly #markdown = new SingleFlightCache<Parsed<PageTemplate>>();
  readonly #turns: Turns;
  #views: Promise<Views> | undefined;

  /**
   * `render` renders a template resource (through the store's bound on renders); at most `capacity` views wait for
   * their turn, and `onShed` counts each one refused past that.
   */
  constructor(
    render: (resource: RenderedResource) => Promise<Rendered>,
    { capacity = MAX_QUEUED_VIEWS, onShed = () => undefined }: { capacity?: number; onShed?: () => void } = {},
  ) {
    this.#render = render;
    this.#turns = new Turns(capacity, onShed);
  }

  /** The view `resource` names at data `version`, made for a response in `coding`. */
  async representation(resource: RenderedResource, version: string, coding?: Coding): Promise<Representation> {
    const templates = resource.viewTemplates;
    if (templates === undefined || resource.query === undefined) throw new Error(`${resource.key} is not a view`);
    const views = await (this.#views ??= import('../../lib/catalog-page/browser-views.ts'));
    const html = await this.#parsed(this.#html, templates.html, version, views.parseBrowserTemplate);
    const markdown =
      templates.markdown === undefined
        ? undefined
        : await this.#parsed(this.#markdown, templates.markdown, version, parseTemplate);
    const query = new URLSearchParams(resource.query);
    return this.#turns.run(() => {
      const text =
        markdown === undefined
          ? views.browserViewHtml(html.template, query)
          : views.browserViewMarkdown(html.template, markdown.template, query);
      return createResponseRepresentation(text, (markdown ?? html).contentType, coding);
    });
  }

  #parsed<T>(
    cache: SingleFlightCache<Parsed<T>>,
    resource: RenderedResource,
    version: string,
    parse: (text: string) => T,
  ): Promise<Parsed<T>> {
    return cache.get(
      resource.key,
      async () => {
        const rendered = await this.#render(resource);
        if (rendered.status !== 200) throw new Error(`rendering ${resource.renderPath} answered ${rendered.status}`);
        return { contentType: rendered.contentType, template: parse(rendered.text) };
      },
      version,
    );
  }
}
