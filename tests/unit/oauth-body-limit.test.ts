import { describe, expect, it } from 'vitest';
import { handleTokenRequest } from '../../src/lib/oauth/token-endpoint.ts';
import { oauthErrorResponse } from '../../src/lib/oauth/oauth-error-response.ts';
import { DISCARD_DEADLINE_MS, readLimitedBody, TOKEN_BODY_LIMIT } from '../../src/lib/oauth/read-limited-body.ts';
import { FORM, readTokenAnswer, sendToken, tokenRequest } from '../helpers/token-request.ts';

const GRANT = 'grant_type=client_credentials';
const TOO_LARGE = { error: 'invalid_request', error_description: 'request body exceeds 4096 bytes' };

/** A form body of exactly `size` bytes: the grant plus an ignored padding parameter. */
const paddedForm = (size: number) => `${GRANT}&pad=${'p'.repeat(size - GRANT.length - 5)}`;

/**
 * A chunked body of 1000-byte chunks that records what was produced. After `openAfter` chunks it
 * waits until `open()` is called, so a handler that wanted the whole body could not answer.
 */
function gatedStream(openAfter: number, total: number) {
  const state = { produced: 0, cancelled: false, finished: false };
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (state.produced / 1000 === total) {
          state.finished = true;
          return controller.close();
        }
        if (state.produced / 1000 === openAfter) await gate;
        const text = state.produced === 0 ? `${GRANT}&pad=`.padEnd(1000, 'p') : 'p'.repeat(1000);
        state.produced += 1000;
        controller.enqueue(new TextEncoder().encode(text));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state, open };
}

/** readLimitedBody with a short discard deadline, its refusal turned into the endpoint's answer. */
async function readLimitedBodyAnswer(request: Request, deadlineMs: number): Promise<Response> {
  const result = await readLimitedBody(request, TOKEN_BODY_LIMIT, deadlineMs);
  if (result.ok) throw new Error('expected a refusal');
  return oauthErrorResponse(result.failure);
}

describe('token endpoint: body limit of 4096 bytes (413)', () => {
  it('uses a limit of 4096 bytes and discards the rest of a refused body for at most 5 s', () => {
    expect(TOKEN_BODY_LIMIT).toBe(4096);
    expect(DISCARD_DEADLINE_MS).toBe(5000);
  });

  it('accepts a body of exactly 4096 bytes', async () => {
    expect(paddedForm(4096)).toHaveLength(4096);
    expect((await sendToken({ body: paddedForm(4096), headers: { 'Content-Type': FORM } })).status).toBe(200);
  });

  it('refuses a body of 4097 bytes with 413 invalid_request, never cached', async () => {
    const answer = await sendToken({ body: paddedForm(4097), headers: { 'Content-Type': FORM } });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(TOO_LARGE);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('pragma')).toBe('no-cache');
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { stream, state } = gatedStream(10, 10);
    const request = tokenRequest({ body: stream, headers: { 'Content-Type': FORM, 'Content-Length': '10000' } });
    const answer = await readTokenAnswer(await handleTokenRequest(request));
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(TOO_LARGE);
    expect(state.produced).toBe(0);
  });

  it('answers 413 as soon as a chunked body passes the limit, then lets the rest go by unread', async () => {
    // 5 chunks pass the limit; the 6th waits for the gate, so the answer cannot need it.
    const { stream, state, open } = gatedStream(5, 1000);
    const answer = await readTokenAnswer(
      await handleTokenRequest(tokenRequest({ body: stream, headers: { 'Content-Type': FORM } })),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(TOO_LARGE);
    expect(state.produced).toBe(5000);
    // The rest (1 MB) is read and dropped, not cancelled: cancelling tears down the connection.
    open();
    await expect.poll(() => state.finished, { timeout: 5000 }).toBe(true);
    expect(state.cancelled).toBe(false);
  });

  it('stops discarding a refused body that is still arriving at the deadline', async () => {
    const { stream, state } = gatedStream(5, 1000); // the gate never opens: a stalled upload
    const request = tokenRequest({ body: stream, headers: { 'Content-Type': FORM } });
    const answer = await readTokenAnswer(await readLimitedBodyAnswer(request, 20));
    expect(answer.status).toBe(413);
    await expect.poll(() => state.cancelled, { timeout: 2000 }).toBe(true);
    expect(state.finished).toBe(false);
  });

  it('accepts a chunked body under the limit', async () => {
    const { stream } = gatedStream(4, 4);
    expect((await sendToken({ body: stream, headers: { 'Content-Type': FORM } })).status).toBe(200);
  });

  it('answers a body that fails mid-stream with 400 invalid_request, not a 5xx', async () => {
    let calls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        calls += 1;
        if (calls === 1) controller.enqueue(new TextEncoder().encode(GRANT));
        else controller.error(new Error('connection reset'));
      },
    });
    const answer = await sendToken({ body: stream, headers: { 'Content-Type': FORM } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'invalid_request', error_description: 'request body could not be read' });
  });

  it('treats a request without a body as an empty one', async () => {
    const answer = await sendToken({ headers: { 'Content-Type': FORM } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringMatching(/required/),
    });
  });
});
