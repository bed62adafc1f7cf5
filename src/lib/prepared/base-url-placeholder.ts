/**
 * The origin written into everything prepared at build time (catalog panels, guide pages):
 * `BASE_URL` differs per deployment and per test server, so the build writes this
 * placeholder and the server puts its own origin in when it loads the files. The `.invalid`
 * top-level domain can never be a real origin (RFC 6761 §6.4), so no content contains it
 * by accident.
 */
export const BASE_URL_PLACEHOLDER = 'https://prepared-base-url.invalid';

/** `text` with every occurrence of the placeholder replaced by `baseUrl`. */
export const substituteBaseUrlPlaceholder = (text: string, baseUrl: string): string =>
  text.replaceAll(BASE_URL_PLACEHOLDER, baseUrl);
