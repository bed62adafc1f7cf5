declare namespace App {
  /** Per-request values the middleware (src/middleware.ts) gives the pages. */
  interface Locals {
    /** The guide page this request names. */
    page?: import('./lib/content/page-paths.ts').ResolvedPage;
    /** The page's data when its registry entry names a source. */
    pageData?: import('./lib/content/page-data.ts').PageDataState;
  }
}
