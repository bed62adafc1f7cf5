import { readRequestBody } from '../http/request-body.ts';
import { sendAnswer, type Exchange } from '../http/send.ts';

/** The token endpoint's module. */
type TokenEndpoint = typeof import('../../lib/oauth/token-exchange.ts');

/** What `POST /oauth/token` runs, once its first request loaded it: start-up never needs it. */
let loaded: TokenEndpoint | undefined;

/** Answers `POST /oauth/token` (RFC 6749 §4.4), its module loaded on the first request. */
export function answerToken(exchange: Exchange): Promise<void> | void {
  if (loaded !== undefined) return answerWith(exchange, loaded);
  return import('../../lib/oauth/token-exchange.ts').then((endpoint) => answerWith(exchange, (loaded = endpoint)));
}

/** The answer by `endpoint`: a declared length over the limit is a 413 before reading. */
function answerWith(exchange: Exchange, endpoint: TokenEndpoint): Promise<void> | void {
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
