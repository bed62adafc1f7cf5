/**
 * The placeholder pages write where the service's public origin belongs, e.g. in code
 * samples (`curl {BASE_URL}/v1/biomarkers/public`). MDX treats braces in prose as
 * expressions, so it appears only inside code; both the HTML and the Markdown of a page
 * replace it with the configured `BASE_URL`.
 */
const BASE_URL_PLACEHOLDER = '{BASE_URL}';

/** Replaces every `{BASE_URL}` in rendered text with the configured origin. */
export const substituteBaseUrl = (text: string, baseUrl: string): string =>
  text.replaceAll(BASE_URL_PLACEHOLDER, baseUrl);
