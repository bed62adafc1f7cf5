/** What the crawl rules depend on. */
export interface RobotsTxtInput {
  baseUrl: string;
  /** Only production may be indexed (spec 4.4); every other deployment is closed to crawlers. */
  production: boolean;
}

/**
 * `/robots.txt` (RFC 9309): in production, every path is allowed and the sitemap named
 * (the `Sitemap` line is the sitemaps.org extension RFC 9309 §2.2.4 permits); elsewhere
 * `Disallow: /` for every crawler. (The server adds `X-Robots-Tag: noindex` outside
 * production as well, since robots.txt controls crawling, not indexing.)
 */
export function buildRobotsTxt({ baseUrl, production }: RobotsTxtInput): string {
  if (!production) return ['User-agent: *', 'Disallow: /', ''].join('\n');
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}
