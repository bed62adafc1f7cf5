/**
 * A token endpoint answer before any server writes it: status, headers and the JSON text.
 * The `node:http` server writes it directly (`src/server/answer-token.ts`); the Astro route
 * and the unit tests get it as a Fetch `Response` (`tokenAnswerResponse`).
 */
export interface TokenAnswer {
  status: number;
  /**
   * `[name, value, name, value…]`, lower-case and sorted by name: the order a Fetch `Headers`
   * lists them in, so both ways of serving the endpoint send the same header block.
   */
  headers: readonly string[];
  /** The JSON body (RFC 6749 §5.1 or §5.2). */
  body: string;
}

/** The media type of every token endpoint body (RFC 6749 §5.1). */
const JSON_TYPE = 'application/json';

/** A JSON answer with `headers` (any spelling) plus `Content-Type`, in Fetch's order. */
export function jsonTokenAnswer(status: number, headers: Readonly<Record<string, string>>, body: unknown): TokenAnswer {
  const named = Object.entries({ ...headers, 'content-type': JSON_TYPE }).map(
    ([name, value]) => [name.toLowerCase(), value] as const,
  );
  named.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { status, headers: named.flat(), body: JSON.stringify(body) };
}

/** The answer as a Fetch `Response` (the Astro route, unit tests). */
export function tokenAnswerResponse({ status, headers, body }: TokenAnswer): Response {
  const init = new Headers();
  for (let i = 0; i < headers.length; i += 2) init.append(headers[i]!, headers[i + 1]!);
  return new Response(body, { status, headers: init });
}
