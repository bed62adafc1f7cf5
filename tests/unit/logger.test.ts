import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, createStdioSink } from '../../src/lib/log/logger.ts';

function capture() {
  const out = new PassThrough();
  const err = new PassThrough();
  const text = { out: '', err: '' };
  out.on('data', (chunk: Buffer) => (text.out += chunk.toString()));
  err.on('data', (chunk: Buffer) => (text.err += chunk.toString()));
  return { sink: createStdioSink(out, err), text };
}

describe('createLogger', () => {
  it('writes one JSON object per line, batching info lines into one write per turn', async () => {
    const { sink, text } = capture();
    const logger = createLogger('info', sink);
    logger.info('request', { method: 'GET', path: '/', status: 200 });
    logger.info('request', { method: 'GET', path: '/x', status: 404 });
    expect(text.out).toBe(''); // held until the end of this turn
    await new Promise((resolve) => setImmediate(resolve));
    const lines = text.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 'info', event: 'request', path: '/x', status: 404 });
    expect(Number.isNaN(Date.parse(lines[0].time))).toBe(false);
  });

  it('writes errors at once, after any info lines held back', async () => {
    const { sink, text } = capture();
    const logger = createLogger('info', sink);
    logger.info('first');
    logger.error('boom', { message: 'x' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(text.out).toContain('"event":"first"');
    expect(JSON.parse(text.err)).toMatchObject({ level: 'error', event: 'boom' });
  });

  it('keeps time, level and event its own, and writes fields as given', async () => {
    const { sink, text } = capture();
    const logger = createLogger('info', sink);
    logger.info('plain');
    logger.info('request', { event: 'forged', level: 'error', time: 'never', path: '/a"b\n', skipped: undefined });
    await new Promise((resolve) => setImmediate(resolve));
    const [plain, request] = text.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(Object.keys(plain)).toEqual(['time', 'level', 'event']);
    expect(request).toEqual({ time: expect.any(String), level: 'info', event: 'request', path: '/a"b\n' });
    expect(Object.keys(request)).toEqual(['time', 'level', 'event', 'path']);
    expect(Date.now() - new Date(request.time).getTime()).toBeLessThan(5_000);
  });

  it('honours the level', async () => {
    const { sink, text } = capture();
    createLogger('error', sink).info('hidden');
    createLogger('silent', sink).error('hidden too');
    await new Promise((resolve) => setImmediate(resolve));
    expect(text.out + text.err).toBe('');
  });
});
