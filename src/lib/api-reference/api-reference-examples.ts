import type { MediaTypeObject, ParameterObject, RequestBodyObject } from '../openapi/openapi-types.ts';

/** One example as the page shows it: a code block, with the summary the document gives it. */
export interface ExampleView {
  /** The example's name in the document (`examples` key), for its translated summary. */
  name?: string;
  summary?: string;
  mediaType: string;
  /** The fence's language: `sh` for a request, `json` or `text` for a body. */
  language: 'sh' | 'json' | 'text';
  code: string;
}

/** POSIX shell single quotes: everything literal, a quote itself closed, escaped and reopened. */
const quote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

const bodyText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The examples of one media type: `example`, or each of `examples` with its summary. */
export function mediaExamples(mediaType: string, media: MediaTypeObject): ExampleView[] {
  const language = /json/.test(mediaType) ? 'json' : 'text';
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

/** The curl option that sends a request body of this media type, from the document's example. */
function bodyOptions(mediaType: string, value: unknown): string[] {
  if (mediaType === 'application/x-www-form-urlencoded' && typeof value === 'object' && value !== null) {
    return Object.entries(value).map(([name, field]) => `-d ${quote(`${name}=${String(field)}`)}`);
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return [`-H ${quote(`Content-Type: ${mediaType}`)}`, `-d ${quote(text)}`];
}

/**
 * A runnable curl request for an operation, built from the document: its first server,
 * the path, query parameters with their `example`, and one request per example body.
 * Header parameters are left out (`If-None-Match` with a made-up tag would only get a 200).
 */
export function requestExamples(
  server: string,
  method: string,
  path: string,
  parameters: ParameterObject[],
  body: RequestBodyObject | undefined,
): ExampleView[] {
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    if (parameter.in === 'query' && parameter.example !== undefined)
      query.set(parameter.name, String(parameter.example));
  }
  const url = `${server}${path}${query.size > 0 ? `?${query}` : ''}`;
  const verb = method === 'GET' ? [] : method === 'HEAD' ? ['-I'] : ['-i', '-X', method];
  const bodies = Object.entries(body?.content ?? {}).flatMap(([mediaType, media]) =>
    media.example === undefined ? [] : [{ mediaType, options: bodyOptions(mediaType, media.example) }],
  );
  const curl = (options: string[]) => ['curl -sS', ...verb, quote(url), ...options].join(' ');
  if (bodies.length === 0) return [{ mediaType: '', language: 'sh', code: curl([]) }];
  // A POST needs no -X: curl sends one with -d. Show the status line with -i.
  return bodies.map(({ mediaType, options }) => ({
    mediaType,
    language: 'sh',
    code: ['curl -sS -i', quote(url), ...options].join(' '),
  }));
}
