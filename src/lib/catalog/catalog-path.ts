/** Path of the catalog on the site and on the catalog origin (spec 4.1). */
export const CATALOG_PATH = '/v1/biomarkers/public';
