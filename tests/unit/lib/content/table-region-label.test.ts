import { describe, expect, it } from 'vitest';
import { tableRegionLabel, uniqueOnPage } from '../../../../src/lib/content/table-region-label.ts';

describe('tableRegionLabel', () => {
  it('names a table by its column headings, without markup', () => {
    const html =
      '<thead><tr><th>Field</th><th><code>Type</code></th><th>Always &amp; there</th></tr></thead>' +
      '<tbody><tr><th scope="row"><code>uuid</code></th><td>string</td><td>yes</td></tr></tbody>';
    expect(tableRegionLabel(html)).toBe('Field, Type, Always & there');
  });

  it('falls back to a generic name for a table without headings', () => {
    expect(tableRegionLabel('<tbody><tr><td>a</td></tr></tbody>')).toBe('Table');
  });
});

describe('uniqueOnPage', () => {
  it('numbers a repeated label on the same page, and starts again on the next page', () => {
    const page = {};
    expect(uniqueOnPage(page, 'Field, Type')).toBe('Field, Type');
    expect(uniqueOnPage(page, 'Header, Meaning')).toBe('Header, Meaning');
    expect(uniqueOnPage(page, 'Field, Type')).toBe('Field, Type (2)');
    expect(uniqueOnPage(page, 'Field, Type')).toBe('Field, Type (3)');
    expect(uniqueOnPage({}, 'Field, Type')).toBe('Field, Type');
  });
});
