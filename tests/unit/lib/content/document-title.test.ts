import { describe, expect, it } from 'vitest';
import { MAX_TITLE_LENGTH, documentTitle } from '../../../../src/lib/content/page-registry.ts';

describe('documentTitle', () => {
  it('names the site after the page, and before it on the home page', () => {
    expect(documentTitle('Biomarker Catalog', 'Authentication', false)).toBe('Authentication · Biomarker Catalog');
    expect(documentTitle('Biomarker Catalog', 'Start', true)).toBe('Biomarker Catalog — Start');
  });

  it('drops the site name where the title would be cut off in a search result', () => {
    const long = 'NT-proBNP (N-terminal pro-B-type natriuretic peptide)';
    const title = documentTitle('Biomarker Catalog', long, false);
    expect(title).toBe(long);
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
  });
});
