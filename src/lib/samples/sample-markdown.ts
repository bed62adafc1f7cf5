import type { RootContent } from 'mdast';
import type { SampleLabels } from './sample-labels.ts';
import type { Sample } from './sample-sources.ts';

/**
 * A sample in a Markdown twin: per language a short heading, the code fenced with the
 * language as its info string, and the excerpt of its output in a `text` fence.
 */
export function sampleMarkdown(sample: Sample, labels: SampleLabels, depth: 3 | 4 | 5): RootContent[] {
  return sample.variants.flatMap((variant): RootContent[] => [
    { type: 'heading', depth, children: [{ type: 'text', value: variant.label }] },
    { type: 'code', lang: variant.fence, value: variant.code },
    { type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: labels.outputHeading }] }] },
    { type: 'code', lang: 'text', value: variant.output },
  ]);
}

/** Reads a sample's heading level from its MDX attribute: `3` unless it names 4 or 5. */
export function sampleHeadingLevel(attribute: string | undefined): 3 | 4 | 5 {
  if (attribute === undefined) return 3;
  if (attribute === '3' || attribute === '4' || attribute === '5') return Number(attribute) as 3 | 4 | 5;
  throw new Error(`<Sample headingLevel="${attribute}">: use 3, 4 or 5`);
}
