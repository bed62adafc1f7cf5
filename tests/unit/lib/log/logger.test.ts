import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBoundedSink, FLUSH_INTERVAL_MS, type LogDestination } from '../../../../src/lib/log/bounded-log-sink.ts';
import { createLogger, type LogSink } from '../../../../src/lib/log/logger.ts';

/** A sink keeping each line as written. */
function capture() {
  const text = { out: [] as string[], err: [] as string[] };
  const sink: LogSink = { info: (line) => void text.out.push(line), error: (line) => void text.err.push(line) };
  return { sink, text };
}

/**
 * A destination like sonic-boom with `maxLength`: holds up to `maxLength` bytes while its
 * reader is stalled, drops (and emits `drop` for) what does not fit, and emits `drain` when
 * the reader takes everything held.
 */
class FakeDestination extends EventEmitter implements LogDestination {
  held: string[] = [];
  written: string[] = [];
  readonly maxLength: number;
  constructor(maxLength: number) {
    super();
    this.maxLength = maxLength;
  }
  write(data: string): boolean {
    const size = this.held.reduce((sum, line) => sum + line.length, 0);
    if (size + data.length > this.maxLength) this.emit('drop', data);
    else this.held.push(data);
    return true;
  }
  /** The reader reads everything held. */
  read(): void {
    this.written.push(...this.held.splice(0));
    this.emit('drain');
  }
  flushSync(): void {
    this.read();
  }
  destroy(): void {}
}

describe('createLogger', () => {
  it('writes one JSON object per line', () => {
    const { sink, text } = capture();
    const logger = createLogger('info', sink);
    logger.info('request', { method: 'GET', path: '/', status: 200 });
    logger.info('request', { method: 'GET', path: '/x', status: 404 });
    const lines = text.out.map((line) => JSON.parse(line));
    expect(text.out.every((line) => line.endsWith('}\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    expect(lines[1]).toMatchObject({ level: 'info', event: 'request', path: '/x', status: 404 });
    expect(Number.isNaN(Date.parse(lines[0].time))).toBe(false);
  });

  it('writes errors to the error stream', () => {
    const { sink, text } = capture();
    createLogger('info', sink).error('boom', { message: 'x' });
    expect(JSON.parse(text.err[0]!)).toMatchObject({ level: 'error', event: 'boom' });
  });

  it('keeps time, level and event its own, and writes fields as given', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-04T05:06:07.089Z') });
    const { sink, text } = capture();
    const logger = createLogger('info', sink);
    logger.info('plain');
    logger.info('request', { event: 'forged', level: 'error', time: 'never', path: '/a"b\n', skipped: undefined });
    const [plain, request] = text.out.map((line) => JSON.parse(line));
    expect(Object.keys(plain)).toEqual(['time', 'level', 'event']);
    vi.useRealTimers();
    // The line's own time, the clock's when it was written, not the field that claimed `never`.
    expect(request).toEqual({ time: '2026-03-04T05:06:07.089Z', level: 'info', event: 'request', path: '/a"b\n' });
    expect(Object.keys(request)).toEqual(['time', 'level', 'event', 'path']);
  });

  it('honours the level', () => {
    const { sink, text } = capture();
    createLogger('error', sink).info('hidden');
    createLogger('silent', sink).error('hidden too');
    expect([...text.out, ...text.err]).toEqual([]);
  });
});

/** Lets the sink's flush interval pass (the clock is faked). */
const turn = () => vi.advanceTimersByTime(FLUSH_INTERVAL_MS);

describe('createBoundedSink', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('hands the info lines of one flush interval to the destination in one write', () => {
    const out = new FakeDestination(10_000);
    const logger = createLogger('info', createBoundedSink(out, new FakeDestination(1000)));
    logger.info('a');
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS - 1);
    logger.info('b');
    expect(out.held).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(out.held).toHaveLength(1);
    expect(
      out.held[0]!.split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).event),
    ).toEqual(['a', 'b']);
  });

  it('formats deferred lines with the time they happened, in order with the lines given formatted', () => {
    const out = new FakeDestination(100_000);
    const sink = createBoundedSink(out, new FakeDestination(1000));
    const happened = Date.parse('2026-11-25T10:00:00.123Z');
    sink.defer('request', { path: '/a', status: 200 }, happened);
    sink.info('{"event":"between"}\n');
    sink.defer('request', { path: '/b', status: 404 }, happened + 1);
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(out.held).toHaveLength(1);
    expect(out.held[0]).toBe(
      '{"time":"2026-11-25T10:00:00.123Z","level":"info","event":"request","path":"/a","status":200}\n' +
        '{"event":"between"}\n' +
        '{"time":"2026-11-25T10:00:00.124Z","level":"info","event":"request","path":"/b","status":404}\n',
    );
  });

  it('hands over 256 deferred lines at once, without waiting for the interval', () => {
    const out = new FakeDestination(1_000_000);
    const logger = createLogger('info', createBoundedSink(out, new FakeDestination(1000)));
    for (let i = 0; i < 256; i += 1) logger.info('request', { i });
    expect(out.held).toHaveLength(1);
    expect(
      out.held[0]!.split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).i),
    ).toEqual(Array.from({ length: 256 }, (_, i) => i));
  });

  it('writes the deferred lines at exit', () => {
    const out = new FakeDestination(100_000);
    const sink = createBoundedSink(out, new FakeDestination(1000));
    sink.defer('stopped', undefined, Date.parse('2026-11-25T10:00:00Z'));
    sink.flushAtExit();
    expect(out.written).toEqual(['{"time":"2026-11-25T10:00:00.000Z","level":"info","event":"stopped"}\n']);
  });

  it('hands over a full batch at once, without waiting for the interval', () => {
    const out = new FakeDestination(1_000_000);
    const sink = createBoundedSink(out, new FakeDestination(1000));
    const line = `{"event":"${'x'.repeat(1000)}"}\n`;
    for (let i = 0; i < 70; i += 1) sink.info(line);
    expect(out.held).toHaveLength(1);
    expect(out.held[0]!.length).toBeGreaterThanOrEqual(64 * 1024);
    turn();
    expect(out.held.join('')).toBe(line.repeat(70));
  });

  it('drops lines that do not fit while the reader is stalled, and logs the count once it is back', () => {
    const out = new FakeDestination(1000);
    const sink = createBoundedSink(out, new FakeDestination(1000));
    const logger = createLogger('info', sink);
    for (let i = 0; i < 100; i += 1) {
      logger.info('request', { i });
      turn(); // one line per interval, so each is its own write
    }
    const kept = out.held.length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(100);
    expect(sink.dropped()).toEqual({ stdout: 100 - kept, stderr: 0 });
    out.read();
    expect(sink.dropped().stdout).toBe(0);
    const report = JSON.parse(out.held[0]!);
    expect(report).toMatchObject({ level: 'error', event: 'log_lines_dropped', count: 100 - kept, stream: 'stdout' });
    expect(Object.keys(report).slice(0, 3)).toEqual(['time', 'level', 'event']);
  });

  it('counts every line of a batch that does not fit', () => {
    const out = new FakeDestination(100);
    const sink = createBoundedSink(out, new FakeDestination(1000));
    for (let i = 0; i < 10; i += 1) sink.info(`{"event":"line-${i}"}\n`);
    turn();
    expect(out.held).toEqual([]);
    expect(sink.dropped().stdout).toBe(10);
  });

  it('reports nothing when nothing was dropped', () => {
    const out = new FakeDestination(1000);
    const sink = createBoundedSink(out, new FakeDestination(1000));
    sink.info('{"event":"a"}\n');
    turn();
    out.read();
    expect(out.held).toEqual([]);
    expect(out.written).toEqual(['{"event":"a"}\n']);
  });

  it('gives up on a destination whose flush at exit fails, instead of throwing', () => {
    const out = new FakeDestination(1000);
    let destroyed = false;
    out.flushSync = () => {
      throw Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });
    };
    out.destroy = () => void (destroyed = true);
    const sink = createBoundedSink(out, new FakeDestination(1000));
    expect(() => sink.flushAtExit()).not.toThrow();
    expect(destroyed).toBe(true);
  });
});
