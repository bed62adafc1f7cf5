import { ExpressiveCode, loadShikiTheme } from '@astrojs/starlight/expressive-code';
import { toHtml } from '@astrojs/starlight/expressive-code/hast';
import { describe, expect, it } from 'vitest';
import { breakPointsPlugin } from '../../../../src/lib/code-blocks/break-points-plugin.ts';

/** Expressive Code with the plugin; blocks wrap as the site's do unless a test says otherwise. */
const engine = async (wrap = true) =>
  new ExpressiveCode({
    themes: [await loadShikiTheme('github-light')],
    plugins: [breakPointsPlugin()],
    defaultProps: { wrap },
  });

/** Each line's code as rendered, `<wbr>` kept as `|` and every other tag dropped. */
async function renderedLines(ec: ExpressiveCode, code: string, language: string): Promise<string[]> {
  const { renderedGroupAst } = await ec.render({ code, language });
  const html = toHtml(renderedGroupAst);
  return [...html.matchAll(/<div class="code">([\s\S]*?)<\/div><\/div>/g)].map((match) =>
    match[1]!
      .replace(/<wbr>/g, '|')
      .replace(/<[^>]*>/g, '')
      .replace(/&#x26;/g, '&')
      .replace(/&#x3C;/g, '<'),
  );
}

describe('break points inside long words of a wrapping code block', () => {
  it("may wrap a URL after each segment's slash, never inside `//` or a segment", async () => {
    const [line] = await renderedLines(
      await engine(),
      "curl -sS -i 'https://catalog.example/v1/biomarkers/public?template=public-light-eu'",
      'sh',
    );
    expect(line).toBe("curl -sS -i 'https://catalog.example/|v1/|biomarkers/|public?template=public-light-eu'");
  });

  it('may wrap compact JSON after its commas, across the highlighted tokens', async () => {
    const [line] = await renderedLines(await engine(), '{"token_type":"Bearer","expires_in":3600}', 'json');
    expect(line).toBe('{"token_type":"Bearer",|"expires_in":3600}');
  });

  it('adds nothing where a space or the line end follows anyway, nor to a block that does not wrap', async () => {
    const ec = await engine();
    expect(await renderedLines(ec, '{\n  "a": 1,\n  "b": [1, 2]\n}', 'json')).toEqual([
      '{',
      '  "a": 1,',
      '  "b": [1, 2]',
      '}',
    ]);
    expect(await renderedLines(ec, '// a comment / and a path/', 'js')).toEqual(['// a comment / and a path/']);
    const [line] = await renderedLines(await engine(false), 'GET /v1/biomarkers/public', 'txt');
    expect(line).toBe('GET /v1/biomarkers/public');
  });

  it('leaves the text a reader copies or selects as it was', async () => {
    const code = "fetch('https://catalog.example/oauth/token', { method: 'POST' })";
    const { renderedGroupAst } = await (await engine()).render({ code, language: 'js' });
    const html = toHtml(renderedGroupAst);
    const text = [...html.matchAll(/<div class="code">([\s\S]*?)<\/div><\/div>/g)]
      .map((match) => match[1]!.replace(/<[^>]*>/g, ''))
      .join('\n');
    expect(text).toBe(code);
    expect(html).toContain('<wbr>');
  });
});
