import type { MediaTypeObject } from '../openapi/openapi-types.ts';

/** One example of a body as the page shows it: a code block, with the summary the document gives it. */
export interface ExampleView {
  /** The example's name in the document (`examples` key), for its translated summary. */
  name?: string;
  summary?: string;
  mediaType: string;
  /** The fence's language. */
  language: 'json' | 'yaml' | 'text';
  code: string;
}

const bodyText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The examples of one media type: `example`, or each of `examples` with its summary. */
export function mediaExamples(mediaType: string, media: MediaTypeObject): ExampleView[] {
  const language = /json/.test(mediaType) ? 'json' : /yaml/.test(mediaType) ? 'yaml' : 'text';
  if (media.examples !== undefined) {
    return Object.entries(media.examples).map(([name, example]) => ({
      name,
      ...(example.summary === undefined ? {} : { summary: example.summary }),
      mediaType,
      language,
      code: bodyText(example.value),
    }));
  }
  return media.example === undefined ? [] : [{ mediaType, language, code: bodyText(media.example) }];
}
