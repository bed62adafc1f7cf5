import type { UpstreamReply, UpstreamRequest } from '../../src/lib/catalog/upstream-reply.ts';

/** The reply the catalog's upstream call reads, from a fetch Response. */
function replyOfResponse(response: Response): UpstreamReply {
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    contentLength: Number(response.headers.get('content-length') ?? Number.NaN),
    read: async (maxBytes, signal, tooLarge) => {
      if (response.body === null) return Buffer.alloc(0);
      const reader = response.body.getReader();
      const cancel = () => void reader.cancel().catch(() => undefined);
      signal.addEventListener('abort', cancel, { once: true });
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        signal.throwIfAborted();
        if (done) {
          signal.removeEventListener('abort', cancel);
          return Buffer.concat(chunks, size);
        }
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw tooLarge();
        }
        chunks.push(value);
      }
    },
    discard: () => void response.body?.cancel().catch(() => undefined),
  };
}

/** The catalog's upstream client over a fetch (a test's stub): same URL, headers and signal. */
export const requestVia =
  (fetchImpl: typeof fetch): UpstreamRequest =>
  async (url, headers, signal) =>
    replyOfResponse(await fetchImpl(url, { signal, headers }));
