import { readRequestBody } from '../http/request-body.ts';
import { sendAnswer, type Exchange } from '../http/send.ts';

/** The token endpoint's module, loaded on the first token request: start-up never needs it. */
export type TokenEndpoint = typeof import('../../lib/oauth/token-exchange.ts');

/** Answers `POST /oauth/token` (RFC 6749 §4.4): a declared length over the limit is a 413 before reading. */
export function answerToken(exchange: Exchange, endpoint: TokenEndpoint): Promise<void> | void {
  const { req, res } = exchange;
  const format = endpoint.tokenBodyFormat(req.headers['content-type'] ?? null);
  if (!format.ok) return sendAnswer(exchange, endpoint.oauthErrorAnswer(format.failure));
  const limit = endpoint.TOKEN_BODY_LIMIT;
  if (endpoint.declaredTooLarge(req.headers['content-length'], limit)) {
    return sendAnswer(exchange, endpoint.oauthErrorAnswer(endpoint.bodyTooLarge(limit)));
  }
  // The client waits for our go-ahead before it sends the body (RFC 9110 §10.1.1).
  if (req.headers.expect?.toLowerCase() === '100-continue') res.writeContinue();
  return readRequestBody(req, limit).then((read) => {
    const answer = read.ok
      ? endpoint.exchangeToken(read.body, format.value, req.headers.authorization ?? null)
      : endpoint.oauthErrorAnswer(
          read.reason === 'too_large' ? endpoint.bodyTooLarge(limit) : endpoint.BODY_UNREADABLE,
        );
    sendAnswer(exchange, answer);
  });
}
