declare namespace App {
  /** The services the site server hands every render (`src/lib/site-pages/render-services.ts`). */
  type RenderServices = import('./lib/site-pages/render-services.ts').RenderServices;

  /**
   * What a render sees: the site's services, given with the request by the site server
   * (src/server/store/astro-renderer.ts), and the per-request values the middleware (src/middleware.ts) adds for the
   * pages.
   */
  interface Locals extends RenderServices {
    /** The guide page this request names. */
    page?: import('./lib/content/page-paths.ts').ResolvedPage;
    /** The page's data when its registry entry names a source. */
    pageData?: import('./lib/site-pages/page-data.ts').PageDataState;
  }
}
