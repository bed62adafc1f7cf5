import type { BrowserTemplates } from '../../lib/catalog-page/browser-views.ts';
import { parseTemplate, type PageTemplate } from '../../lib/catalog-page/page-template.ts';
import { createResponseRepresentation, type Coding, type Representation } from '../../lib/http/representation.ts';
import type { Rendered } from './astro-renderer.ts';
import type { RenderedResource } from './rendered-resources.ts';
import { SingleFlightCache } from './single-flight-cache.ts';

/** A template as rendered and parsed, with the media type of the views made from it. */
interface Parsed<T> {
  contentType: string;
  template: T;
}

/** The view assembly, imported on the first filtered view: the Markdown printer comes with it. */
type Views = typeof import('../../lib/catalog-page/browser-views.ts');

/** Runs a view's assembly (synchronous, a few ms) as `client`'s job, in a turn of the event loop of its own. */
type AssembleInTurn = <T>(client: string, job: () => T) => Promise<T>;

/**
 * The filtered views of the biomarker browser, assembled from its templates (rendered once per data version) by
 * running the filter and joining strings: a new query costs no render, and each view is compressed only in the coding
 * its response takes. Nothing is kept per query.
 */
export class FilteredViews {
  readonly #render: (resource: RenderedResource, client: string) => Promise<Rendered>;
  readonly #assemble: AssembleInTurn;
  readonly #html = new SingleFlightCache<Parsed<BrowserTemplates>>();
  readonly #markdown = new SingleFlightCache<Parsed<PageTemplate>>();
  #views: Promise<Views> | undefined;

  /**
   * `render` renders a template resource and `assemble` runs a view's assembly, both as jobs of the store's on-demand
   * queue, for the client asking.
   */
  constructor(render: (resource: RenderedResource, client: string) => Promise<Rendered>, assemble: AssembleInTurn) {
    this.#render = render;
    this.#assemble = assemble;
  }

  /** The view `resource` names at data `version`, made for a response in `coding`, as `client`'s work. */
  async representation(
    resource: RenderedResource,
    version: string,
    coding: Coding | undefined,
    client: string,
  ): Promise<Representation> {
    const templates = resource.viewTemplates;
    if (templates === undefined || resource.query === undefined) throw new Error(`${resource.key} is not a view`);
    const views = await (this.#views ??= import('../../lib/catalog-page/browser-views.ts'));
    const html = await this.#parsed(this.#html, templates.html, version, views.parseBrowserTemplate, client);
    const markdown =
      templates.markdown === undefined
        ? undefined
        : await this.#parsed(this.#markdown, templates.markdown, version, parseTemplate, client);
    const query = new URLSearchParams(resource.query);
    return this.#assemble(client, () => {
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
    client: string,
  ): Promise<Parsed<T>> {
    return cache.get(
      resource.key,
      async () => {
        const rendered = await this.#render(resource, client);
        if (rendered.status !== 200) throw new Error(`rendering ${resource.renderPath} answered ${rendered.status}`);
        return { contentType: rendered.contentType, template: parse(rendered.text) };
      },
      version,
    );
  }
}
