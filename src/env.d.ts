declare namespace App {
  /** Per-request values shared between middleware steps and pages. */
  interface Locals {
    /** The guide page this request names; set by the `resolvePage` middleware step. */
    page?: import('./lib/content/page-paths.ts').ResolvedPage;
    /** The page's data when its registry entry names a source; set by the `pageRepresentation` step. */
    pageData?: import('./lib/content/page-data.ts').PageDataState;
  }
}
