import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../../../../src/lib/catalog/parse-template.ts';

describe('parseTemplate', () => {
  it.each([
    ['', 'public-complete-eu'],
    ['template=public-light-eu', 'public-light-eu'],
    ['template=public-v2-complete-uk', 'public-v2-complete-uk'],
    ['template=public-v2-light-uk&lang=de', 'public-v2-light-uk'],
    ['foo=bar&template=public-light-eu&x', 'public-light-eu'],
    ['template=public%2Dlight%2Deu', 'public-light-eu'],
    ['templat%65=public-light-eu', 'public-light-eu'],
    ['Template=public-light-eu', 'public-complete-eu'],
    ['other=%2F%2F', 'public-complete-eu'],
  ])('?%s selects %s', (query, template) => {
    expect(parseTemplate(query)).toEqual({ ok: true, template });
  });

  it.each([
    ['template=nope', /"nope".*public-complete-eu, public-light-eu, public-v2-complete-uk, public-v2-light-uk/],
    ['template=', /empty/],
    ['template', /empty/],
    ['template=public-light-eu&template=public-light-eu', /2 times/],
    ['template=public-light-eu&template=public-v2-light-uk', /2 times/],
    ['template=%E0%A4%A', /percent-encoded/],
    ['template=public-light-eu&junk=%ZZ', /percent-encoded/],
    ['template=PUBLIC-LIGHT-EU', /"PUBLIC-LIGHT-EU"/],
    ['template=public-light-eu%00', /must be one of/],
    ['template=%C3%A9t%C3%A9', /"\?t\?"/],
  ])('?%s is refused', (query, detail) => {
    const result = parseTemplate(query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.detail).toMatch(detail);
  });

  it('keeps the detail short for a huge value', () => {
    const result = parseTemplate(`template=${'x'.repeat(10_000)}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.detail.length).toBeLessThan(250);
  });
});
