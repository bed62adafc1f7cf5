import type { ViewChrome } from '../../lib/catalog-page/catalog-views.ts';
import { createResponseRepresentation, type Coding, type Representation } from '../../lib/http/representation.ts';
import type { Rendered } from './astro-renderer.ts';
import type { RenderedResource } from './rendered-resources.ts';
import { SingleFlightCache } from './single-flight-cache.ts';

/** A chrome as rendered and cut at its slot, with the media type of the views written into it. */
interface Chrome {
  contentType: string;
  chrome: ViewChrome;
}

/** The views' bodies, imported on the first filtered view: the HTML writer and the Markdown printer come with them. */
type Views = typeof import('../../lib/catalog-page/catalog-views.ts');

/** Runs a view's body (synchronous, a few ms) as `client`'s job, in a turn of the event loop of its own. */
type RunInTurn = <T>(client: string, job: () => T) => Promise<T>;

/**
 * The filtered views of the biomarker browser: the page's chrome is rendered once per data version and format; a view
 * is its query applied to the catalog, the body written for it (`catalog-views.ts`) and put in the chrome's slot, so a
 * new query costs no render, and each view is compressed only in the coding its response takes. Nothing is kept per
 * query.
 */
export class FilteredViews {
  readonly #render: (resource: RenderedResource, client: string) => Promise<Rendered>;
  readonly #run: RunInTurn;
  readonly #chromes = new SingleFlightCache<Chrome>();
  #views: Promise<Views> | undefined;

  /**
   * `render` renders a chrome and `run` writes a view's body, both as jobs of the store's on-demand queue, for the
   * client asking.
   */
  constructor(render: (resource: RenderedResource, client: string) => Promise<Rendered>, run: RunInTurn) {
    this.#render = render;
    this.#run = run;
  }

  /** The view `resource` names at data `version`, made for a response in `coding`, as `client`'s work. */
  async representation(
    resource: RenderedResource,
    version: string,
    coding: Coding | undefined,
    client: string,
  ): Promise<Representation> {
    const chromes = resource.chromes;
    if (chromes === undefined || resource.query === undefined) throw new Error(`${resource.key} is not a view`);
    const views = await (this.#views ??= import('../../lib/catalog-page/catalog-views.ts'));
    const page = await this.#chrome(chromes.html, version, views, client);
    const { contentType, chrome } =
      chromes.markdown === undefined ? page : await this.#chrome(chromes.markdown, version, views, client);
    const source = page.chrome.source;
    if (source === undefined) throw new Error(`the chrome of ${resource.key} carries no source`);
    const query = new URLSearchParams(resource.query);
    const body = chromes.markdown === undefined ? views.viewHtml : views.viewMarkdown;
    return this.#run(client, () =>
      createResponseRepresentation(views.viewPage(chrome, body(source, query)), contentType, coding),
    );
  }

  /** `resource`'s chrome at data `version`, rendered for `client` the first time it is asked for. */
  #chrome(resource: RenderedResource, version: string, views: Views, client: string): Promise<Chrome> {
    return this.#chromes.get(
      resource.key,
      async () => {
        const rendered = await this.#render(resource, client);
        if (rendered.status !== 200) throw new Error(`rendering ${resource.renderPath} answered ${rendered.status}`);
        return { contentType: rendered.contentType, chrome: views.parseChrome(rendered.text) };
      },
      version,
    );
  }
}
