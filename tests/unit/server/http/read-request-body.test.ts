import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readRequestBody } from '../../../../src/server/http/request-body.ts';

describe('readRequestBody', () => {
  it('returns the whole body when it is within the limit', async () => {
    const stream = new PassThrough();
    const read = readRequestBody(stream, 10);
    stream.write('abc');
    stream.end('def');
    expect(await read).toEqual({ ok: true, body: Buffer.from('abcdef') });
  });

  it('refuses a body one byte over the limit and keeps draining the rest', async () => {
    const stream = new PassThrough();
    const read = readRequestBody(stream, 5);
    stream.write('abcdef');
    expect(await read).toEqual({ ok: false, reason: 'too_large' });
    stream.end('more');
    await new Promise((resolve) => stream.once('end', resolve));
  });

  it('says a body that breaks off is unreadable', async () => {
    const stream = new PassThrough();
    const read = readRequestBody(stream, 100);
    stream.write('abc');
    stream.destroy(new Error('aborted'));
    expect(await read).toEqual({ ok: false, reason: 'unreadable' });
  });
});
