import { ExpressiveCode, loadShikiTheme } from '@astrojs/starlight/expressive-code';
import { toHtml } from '@astrojs/starlight/expressive-code/hast';
import { describe, expect, it } from 'vitest';
import { styleClassesPlugin } from '../../../../src/lib/code-blocks/style-classes-plugin.ts';

/** Expressive Code with a dark and a light theme, as Starlight sets it up, and the plugin. */
const engine = async () =>
  new ExpressiveCode({
    themes: await Promise.all([loadShikiTheme('night-owl'), loadShikiTheme('github-light')]),
    plugins: [styleClassesPlugin()],
    // Wrapped lines (the `wrap` prop) carry their indent and the longest line its length.
    defaultProps: { wrap: true },
  });

/** The `style` attribute values and the `data-c` words of a rendered block. */
async function render(ec: ExpressiveCode, code: string, language: string) {
  const { renderedGroupAst } = await ec.render({ code, language });
  const html = toHtml(renderedGroupAst);
  return {
    html,
    styles: new Set([...html.matchAll(/\sstyle="([^"]*)"/g)].map((match) => match[1]!)),
    words: new Set([...html.matchAll(/\sdata-c="([^"]*)"/g)].flatMap((match) => match[1]!.split(' '))),
  };
}

describe('Expressive Code styles as stylesheet rules', () => {
  it('leaves the highlighted tokens one shared style attribute, with a rule for each colour they use', async () => {
    const ec = await engine();
    const code =
      "const url = new URL('/v1/biomarkers/public', 'https://catalog.example');\nif (url) {\n  // a comment\n  console.log(url.href, 42);\n}";
    const { styles, words } = await render(ec, code, 'js');
    // One value for every token (Expressive Code colours `span[style^='--']`), none with a colour.
    expect([...styles]).toEqual(['--tok:1']);
    // Both themes' colours: a keyword, a string and a comment differ from plain text in each.
    expect([...words].filter((word) => word.startsWith('0')).length).toBeGreaterThan(2);
    expect([...words].filter((word) => word.startsWith('1')).length).toBeGreaterThan(2);
    const baseStyles = await ec.getBaseStyles();
    for (const word of words) {
      const [, property, value] = /^(\d(?:fs|fw|td)?)-?(.+)$/.exec(word)!;
      const declaration = `--${property}:${/^[0-9a-f]+$/.test(value!) ? '#' : ''}${value}`;
      expect(baseStyles.toLowerCase(), word).toContain(`[data-c~='${word}']{${declaration}}`);
    }
  });

  it('moves the line metrics to classes, and keeps an attribute only for a value without one', async () => {
    const ec = await engine();
    const short = await render(ec, 'echo "short line"', 'txt');
    expect(short.html).toMatch(/<pre[^>]*class="[^"]*\bec-ml-17\b/);
    expect([...short.styles].some((style) => style.includes('--ecMaxLine'))).toBe(false);
    expect(await ec.getBaseStyles()).toMatch(/\.ec-ml-17\b[^{}]*\{--ecMaxLine:17ch\}/);
    const long = await render(ec, 'x'.repeat(200), 'txt');
    expect([...long.styles]).toContain('--ecMaxLine:200ch');
  });
});
