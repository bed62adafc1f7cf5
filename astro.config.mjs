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
  // CSS ships as files under /_astro/: the Content-Security-Policy allows no inline styles.
  build: { format: 'file', inlineStylesheets: 'never' },
  // Shiki colours code with inline style attributes, which the CSP blocks; code blocks are
  // styled by the site's stylesheet instead.
  markdown: { syntaxHighlight: false },
  vite: {
    build: {
      // Astro inlines scripts smaller than this limit into the page; the CSP allows scripts
      // only as files from this origin (`script-src 'self'`), so none is inlined.
      assetsInlineLimit: 0,
      rolldownOptions: {
        output: {
          // Asset names come from the first route that uses them; for `[...page].astro`
          // that is `_..` plus a hash. Keep only word characters, so no URL of the site
          // contains `..` (which proxies and WAFs may treat as path traversal).
          assetFileNames: (asset) => {
            const stem = (asset.names[0] ?? '').replace(/\.[^.]*$/, '').replace(/[^\w-]+/g, '');
            return `_astro/${stem === '' || stem === '_' ? 'site' : stem}.[hash][extname]`;
          },
        },
      },
    },
  },
  // A public, cookie-less CORS API: no CSRF surface, and the token endpoint must
  // accept cross-origin POSTs (RFC 6749 §3.2), so Astro's origin check is off.
  security: { checkOrigin: false },
});
