import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  OAuthTokenErrorSchema,
  TokenSuccessSchema,
  type OAuthTokenError,
  type TokenSuccess,
} from '../../src/lib/schemas/oauth.ts';
import { createTestSite, type TestSite } from './site.ts';

/** Content types used throughout the token endpoint tests. */
export const FORM = 'application/x-www-form-urlencoded';
export const JSON_TYPE = 'application/json';

/** What a test sends: the body as text or bytes, and headers (Content-Type included). */
export interface TokenRequestInit {
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
}

/** The site every token request of a test file goes to: built once, with no catalog upstream. */
let site: Promise<TestSite> | undefined;
const tokenSite = () =>
  (site ??= createTestSite({
    upstream: async () => {
      throw new Error('the token tests reach no catalog');
    },
  }));

/** Sends a token request through the site server (in this process) and returns it as a Fetch `Response`. */
async function postToken({ body, headers = {} }: TokenRequestInit): Promise<Response> {
  // light-my-request would send any other object as JSON: bytes go as a Buffer, streams as Node streams.
  const payload =
    body === undefined
      ? undefined
      : body instanceof ReadableStream
        ? Readable.fromWeb(body as NodeReadableStream)
        : Buffer.from(body);
  const reply = await (
    await tokenSite()
  ).request({
    method: 'POST',
    url: '/oauth/token',
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  const answer = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) if (typeof value === 'string') answer.set(name, value);
  return new Response(new Uint8Array(reply.rawPayload), { status: reply.statusCode, headers: answer });
}

/** A token endpoint answer, its body checked against the schema its status calls for. */
export type TokenAnswer =
  | { status: 200; headers: Headers; body: TokenSuccess }
  | { status: 400 | 401 | 413; headers: Headers; body: OAuthTokenError };

/** Checks what every answer of the token endpoint shares and parses the body with its schema. */
async function readTokenAnswer(response: Response): Promise<TokenAnswer> {
  const { status, headers } = response;
  if (headers.get('cache-control') !== 'no-store') throw new Error(`Cache-Control is ${headers.get('cache-control')}`);
  if (headers.get('pragma') !== 'no-cache') throw new Error(`Pragma is ${headers.get('pragma')}`);
  if (headers.get('content-type') !== 'application/json') throw new Error(`type ${headers.get('content-type')}`);
  const json: unknown = await response.json();
  if (status === 200) return { status, headers, body: TokenSuccessSchema.parse(json) };
  if (status !== 400 && status !== 401 && status !== 413) throw new Error(`unexpected status ${status}`);
  // The schema's pattern also proves error_description is RFC 6749 §5.2 ASCII.
  return { status, headers, body: OAuthTokenErrorSchema.parse(json) };
}

/** Sends a token request and reads the checked answer. */
export async function sendToken(init: TokenRequestInit): Promise<TokenAnswer> {
  return readTokenAnswer(await postToken(init));
}

/** A form request with the given body. */
export const form = (body: string, headers: Record<string, string> = {}): TokenRequestInit => ({
  body,
  headers: { 'Content-Type': FORM, ...headers },
});

/** A JSON request with the given raw body text. */
export const json = (body: string, headers: Record<string, string> = {}): TokenRequestInit => ({
  body,
  headers: { 'Content-Type': JSON_TYPE, ...headers },
});
