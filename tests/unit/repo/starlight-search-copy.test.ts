// The header's search is a copy of Starlight's, not an override of it: Starlight's component writes an inline
// script and `style` attributes, which the site's Content-Security-Policy refuses, names its button with an
// `aria-label` where the site's is named by its visible text (WCAG 2.5.3), and takes no `processResult` or
// `processTerm` from its configuration (it serialises its Pagefind options to JSON). So each part the site copied
// is recorded here by a hash of the installed Starlight's text, and a change there fails until someone has
// carried it over.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The Starlight release the copies were taken from. */
const COPIED_FROM = '0.42.4';

/** Each part of Starlight's `Search.astro` the site copied: the hash of its text, and where the copy is. */
const COPIED_PARTS = [
  {
    part: 'markup',
    sha256: '49af0720cbc736a410760dd7855dc3437e6d617dc9ce15028938b31c97d46670',
    copy: 'src/components/starlight/Search.astro',
  },
  {
    part: 'script is:inline',
    sha256: '5e49d4cd240148a0d7e3cecf3934f8e2790d85e5065ba21eea0bcdef4aa46957',
    copy: 'the ⌘ of src/components/starlight/site-search.ts, and `site-search:not(:defined)` in src/styles/search.css',
  },
  {
    part: 'script',
    sha256: 'da63d534f720ac79fe8d84ab28730c08a8bb7fe10a276a2347e68ab3baddb7af',
    copy: 'src/components/starlight/site-search.ts (the dialog, its shortcuts and the Pagefind UI options)',
  },
  {
    part: 'style',
    sha256: '2e78d804410e25c489204a03e3b505d77dc3fdb85b7259e6cdef992822fff3c7',
    copy: 'src/styles/search.css, the button and dialog rules (scoped there by `site-search`)',
  },
  {
    part: 'style is:global',
    sha256: 'a3fa5804d3ed668d1f644cb909f02034c7fb108e1bf19c4ff8e7fd5a3a808002',
    copy: "src/styles/search.css, the `#starlight__search` rules (Pagefind UI's results)",
  },
];

const installedSearch = pathToFileURL(
  createRequire(import.meta.url).resolve('@astrojs/starlight/components/Search.astro'),
);
const source = readFileSync(installedSearch, 'utf8');
const starlightVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', installedSearch), 'utf8')) as { version: string }
).version;

/** The component's parts by name: its markup (after the frontmatter, up to the first script), each script and style. */
function parts(astro: string): Map<string, string> {
  const body = astro.split(/^---$/m)[2] ?? '';
  const found = new Map([['markup', body.slice(0, body.search(/<script|\{\s*\/\*\*/))]]);
  for (const [, tag, attributes, text] of astro.matchAll(/<(script|style)([^>]*)>([\s\S]*?)<\/\1>/g))
    found.set(`${tag}${attributes}`, text!);
  return found;
}

const sha256 = (text: string) => createHash('sha256').update(text.replace(/\s+/g, ' ').trim()).digest('hex');

describe("the site's copy of Starlight's search", () => {
  const installed = parts(source);

  it.each(COPIED_PARTS)("fails when Starlight's Search.astro changes its $part", ({ part, sha256: recorded, copy }) => {
    expect(installed.has(part), `Starlight's Search.astro has no ${part} any more`).toBe(true);
    expect(
      sha256(installed.get(part)!),
      `The ${part} of node_modules/@astrojs/starlight/dist/components/Search.astro (Starlight ${starlightVersion}) ` +
        `differs from the one copied from Starlight ${COPIED_FROM}. Diff the two releases' Search.astro, carry ` +
        `what changed over to ${copy}, then record the new hash and release here.`,
    ).toBe(recorded);
  });

  it('has copied every part Starlight has', () => {
    expect([...installed.keys()]).toEqual(COPIED_PARTS.map(({ part }) => part));
  });
});
