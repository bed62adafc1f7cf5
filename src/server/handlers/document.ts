import type { Prepared, PreparedBody } from '../store/prepared.ts';
import { sendRepresentation, type Exchange } from '../http/send.ts';

/** Site documents vary by coding only. */
const DOCUMENT_HEADERS = ['Vary', 'Accept-Encoding'];

/**
 * Answers a document the server builds itself from the configuration (OpenAPI, OAuth discovery, robots.txt), once it
 * is built: the first request waits for it, every later one is written from memory.
 */
export function answerDocument(exchange: Exchange, document: PreparedBody, cacheControl: string): Promise<void> | void {
  const send = ({ representation }: Prepared) =>
    sendRepresentation(exchange, representation, { headers: DOCUMENT_HEADERS, cacheControl });
  const ready = document.ready;
  return ready === undefined ? document.prepare().then(send) : send(ready);
}
