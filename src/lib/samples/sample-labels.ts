import { parse } from 'yaml';
import { z } from 'zod';
import type { Locale } from '../content/locales.ts';
import labelsYaml from '../../../content/samples/labels.yaml?raw';

/** The interface strings of the request samples in one locale. */
const SampleLabelsSchema = z.strictObject({
  /** Names the row of language tabs for screen readers. */
  tablistLabel: z.string().trim().min(1).max(80),
  /** Heads the excerpt of what a sample prints. */
  outputHeading: z.string().trim().min(1).max(80),
});

/** The strings of one locale. */
export type SampleLabels = z.infer<typeof SampleLabelsSchema>;

const LABELS = z.strictObject({ en: SampleLabelsSchema, de: SampleLabelsSchema }).parse(parse(labelsYaml));

/** The sample strings of a locale (`content/samples/labels.yaml`). */
export const sampleLabels = (locale: Locale): SampleLabels => LABELS[locale];
