// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import mdx from '@astrojs/mdx';
import starlight from '@astrojs/starlight';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { siteLocalesOrExit } from './src/lib/config/site-locales.ts';
import { LOCALE_RULES } from './src/lib/content/locales.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The site's languages and the folder of their files: the one list (src/lib/content/locales.ts) and `content/`,
 * unless `SITE_LOCALES_DIR` names a folder with a list and content of its own (docs/configuration.md). The bundle
 * gets both from here: the list by `define`, the folder as the `@site-content` alias its globs read.
 */
const { list: locales, contentDir } = siteLocalesOrExit(process.env, root, LOCALE_RULES);
const contentBase = relative(root, contentDir) === 'content' ? './content' : contentDir;

/** Starlight's locales, from the site's list: the default at the root, the others under their code. */
const starlightLocales = Object.fromEntries(
  locales.map(({ code, label }, index) => [index === 0 ? 'root' : code, { label, lang: code }]),
);

/** The site's name in each language: `siteName` of its interface strings (`content/i18n/<code>.yaml`). */
const siteNames = Object.fromEntries(
  locales.map(({ code }) => [code, parse(readFileSync(join(contentDir, 'i18n', `${code}.yaml`), 'utf8')).siteName]),
);

/**
 * The site is rendered on demand (every page URL negotiates HTML or Markdown, so
 * the middleware and the rate limiter must see every request). The adapter runs
 * in middleware mode inside our own node:http server (src/server/main.ts).
 */
export default defineConfig({
  output: 'server',
  // No `bodySizeLimit`: only POST /oauth/token reads a body, with its own 4 KiB cap
  // (src/server/handlers/token.ts, with src/server/http/request-body.ts); no other route reads a body.
  // An adapter limit would throw mid-stream and destroy the socket instead of a 413.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    {
      // Starlight adds @astrojs/sitemap unless an integration of that name is present, and without `site` that one
      // writes nothing and warns at every build. The server answers /sitemap.xml itself, from the page index with
      // `hreflang` alternates (src/lib/discovery/), so this empty integration takes the name and the build stays quiet.
      name: '@astrojs/sitemap',
      hooks: {},
    },
    // Starlight gives the guide its docs layout (sidebar, "On this page", theme and language
    // pickers, Expressive Code); the project keeps its own routing (`[...page].astro` renders
    // each page inside <StarlightPage>), sitemap, Markdown twins and search index (docs/guide.md).
    starlight({
      title: siteNames,
      defaultLocale: 'root',
      locales: starlightLocales,
      // The server answers unknown paths with its own negotiated 404 (src/server/handlers/not-found.ts).
      disable404Route: true,
      // The build indexes the prepared pages itself (scripts/build/search-index.ts).
      pagefind: false,
      favicon: '/favicon.svg',
      titleDelimiter: '·',
      components: {
        Footer: './src/components/starlight/Footer.astro',
        LanguageSelect: './src/components/starlight/LanguageSelect.astro',
        Search: './src/components/starlight/Search.astro',
        PageTitle: './src/components/starlight/PageTitle.astro',
      },
      // A marker's page: its list's sidebar entry current, and its neighbours as previous and next.
      // Then previous/next links name the page they lead to, not its sidebar label alone.
      routeMiddleware: [
        './src/components/starlight/item-page-route.ts',
        './src/components/starlight/pagination-labels.ts',
      ],
      customCss: ['./src/styles/global.css'],
      // Expressive Code's options are in ec.config.mjs, where `<Code>` can read them.
    }),
    mdx(),
    {
      // The server bundle carries every module it runs: a production install needs no build tool.
      // Build only: the development server loads packages as Node does (some are CommonJS).
      name: 'self-contained-server-bundle',
      hooks: {
        'astro:config:setup': ({ command, updateConfig }) => {
          if (command === 'build') updateConfig({ vite: { ssr: { noExternal: true } } });
        },
      },
    },
  ],
  trailingSlash: 'never',
  // Starlight turns on prefetching of every link; each prefetched page would cost the reader
  // one request of the 60-per-minute quota for a page they may never open.
  prefetch: false,
  // CSS ships as files under /_astro/: the Content-Security-Policy allows no inline styles.
  // `directory`: page links have no `.html` (Starlight formats its sidebar links by this).
  build: { format: 'directory', inlineStylesheets: 'never' },
  // Shiki colours code with inline style attributes, which the CSP blocks; code blocks are
  // styled by the site's stylesheet instead.
  markdown: { syntaxHighlight: false },
  vite: {
    define: {
      __SITE_LOCALES__: JSON.stringify(JSON.stringify(locales)),
      __SITE_CONTENT__: JSON.stringify(contentBase),
    },
    resolve: { alias: { '@site-content': contentDir } },
    build: {
      // Never inline a script or an asset into the page: the CSP allows no inline script
      // and no `data:` image, so the browser's module ships as a file.
      assetsInlineLimit: 0,
      rolldownOptions: {
        // Astro writes the directive "use astro:head-inject" into each MDX page's asset module, and Rolldown
        // warns once per page that bundling may not keep it. Nothing reads it in the bundle, so the warning is
        // noise (reported upstream as withastro/astro#18087): it is dropped for those modules only, and every
        // other warning is printed.
        onwarn(warning, warn) {
          const headInject =
            warning.code === 'MODULE_LEVEL_DIRECTIVE' && /\?astroPropagatedAssets$/.test(warning.id ?? '');
          if (!headInject) warn(warning);
        },
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
