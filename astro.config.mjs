// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import mdx from '@astrojs/mdx';

/**
 * The site is rendered on demand (spec 4.4: every page negotiates Markdown, so
 * the middleware and the rate limiter must see every request). The adapter runs
 * in middleware mode inside our own node:http server (src/server/main.ts).
 */
export default defineConfig({
  output: 'server',
  // No `bodySizeLimit`: only POST /oauth/token reads a body, with its own 4 KiB cap
  // (src/lib/oauth/read-limited-body.ts); no other route reads a body.
  // An adapter limit would throw mid-stream and destroy the socket instead of a 413.
  adapter: node({ mode: 'middleware' }),
  integrations: [mdx()],
  trailingSlash: 'never',
  build: { format: 'file' },
  // A public, cookie-less CORS API: no CSRF surface, and the token endpoint must
  // accept cross-origin POSTs (RFC 6749 §3.2), so Astro's origin check is off.
  security: { checkOrigin: false },
});
