import { handleTokenRequest } from '../../src/lib/oauth/token-endpoint.ts';
import {
  OAuthTokenErrorSchema,
  TokenSuccessSchema,
  type OAuthTokenError,
  type TokenSuccess,
} from '../../src/lib/schemas/oauth.ts';

/** Content types used throughout the token endpoint tests. */
export const FORM = 'application/x-www-form-urlencoded';
export const JSON_TYPE = 'application/json';

/** What a test sends: the body as text or bytes, and headers (Content-Type included). */
export interface TokenRequestInit {
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
}

/**
 * A POST to the token endpoint. Text bodies are sent as bytes so that `Request` adds no
 * Content-Type of its own: each test states exactly the header it means.
 */
export function tokenRequest({ body, headers = {} }: TokenRequestInit): Request {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return new Request('http://127.0.0.1/oauth/token', {
    method: 'POST',
    headers,
    ...(bytes === undefined ? {} : { body: bytes, duplex: 'half' }),
  } as RequestInit);
}

/** A token endpoint answer, its body checked against the schema its status calls for. */
export type TokenAnswer =
  | { status: 200; headers: Headers; body: TokenSuccess }
  | { status: 400 | 401 | 413; headers: Headers; body: OAuthTokenError };

/** Checks what every answer of the token endpoint shares and parses the body with its schema. */
export async function readTokenAnswer(response: Response): Promise<TokenAnswer> {
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

/** Sends a request through the handler and reads the checked answer. */
export async function sendToken(init: TokenRequestInit): Promise<TokenAnswer> {
  return readTokenAnswer(await handleTokenRequest(tokenRequest(init)));
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
