import SonicBoom from 'sonic-boom';
import { formatLogLine } from './format-log-line.ts';

/** Where log lines go. */
export interface LogSink {
  info(line: string): void;
  error(line: string): void;
  /**
   * Takes an info line to format later, with the time it happened (`Date.now()`): a sink that
   * batches its writes formats a whole batch at once (bounded-log-sink.ts), so `fields` must
   * not change after the call. Sinks without it get each line formatted.
   */
  defer?(event: string, fields: Record<string, unknown> | undefined, time: number): void;
}

/** Most bytes of stdout lines held while the reader is slow; past it, lines are dropped and counted. */
const STDOUT_BUFFER_BYTES = 4 * 1024 * 1024;
/** The same bound for stderr (error lines are rare). */
const STDERR_BUFFER_BYTES = 1024 * 1024;
/** Longest wait for a stalled reader when flushing at exit. */
const EXIT_FLUSH_MS = 500;

/** What the sink needs of a destination: sonic-boom has it. */
export interface LogDestination {
  write(data: string): boolean;
  on(event: 'drop', listener: (data: string) => void): unknown;
  on(event: 'drain', listener: () => void): unknown;
  flushSync(): void;
  destroy(): void;
}

/** A sink that also reports what it lost and can be flushed at exit. */
export interface BoundedLogSink extends LogSink {
  /** Takes an info line to format when its batch is handed over (see `LogSink.defer`): always present here. */
  defer(event: string, fields: Record<string, unknown> | undefined, time: number): void;
  /** Lines dropped and not yet reported, per stream. */
  dropped(): { stdout: number; stderr: number };
  /** Writes out what is held, waiting at most EXIT_FLUSH_MS for a stalled reader. */
  flushAtExit(): void;
}

/**
 * Counts the lines `destination` drops while its buffer is full, and once the buffer has
 * drained (the reader is back), writes one `log_lines_dropped` line with the count.
 */
function countDrops(destination: LogDestination, stream: 'stdout' | 'stderr') {
  const state = { count: 0 };
  destination.on('drop', (data) => {
    // A write is a batch of lines (each ends in a newline).
    let lines = 0;
    for (let at = data.indexOf('\n'); at !== -1; at = data.indexOf('\n', at + 1)) lines += 1;
    state.count += Math.max(lines, 1);
  });
  destination.on('drain', () => {
    if (state.count === 0) return;
    const count = state.count;
    state.count = 0;
    destination.write(formatLogLine('error', 'log_lines_dropped', { count, stream }));
  });
  return state;
}

/** Most bytes of info lines joined before they are handed to the destination at once. */
const BATCH_BYTES = 64 * 1024;
/** Most info lines held unformatted (see `defer`) before they are formatted and handed over. */
const BATCH_LINES = 256;
/** Longest an info line waits in the batch before it is handed over. */
export const FLUSH_INTERVAL_MS = 10;

/** An info line whose formatting waits for its batch: the event, its fields and when it happened. */
interface DeferredLine {
  event: string;
  fields: Record<string, unknown> | undefined;
  time: number;
}

/**
 * A sink over two bounded destinations. Info lines are joined and handed over every
 * FLUSH_INTERVAL_MS (or at once past BATCH_BYTES or BATCH_LINES): an asynchronous write is a
 * thread-pool round trip whose cost does not depend on its size, so a busy server writes at
 * most 100 batches a second instead of one write every few requests. Lines given unformatted
 * (`defer`, the request log's) are formatted when their batch is handed over, in one loop,
 * while the formatter is in the CPU's caches (docs/performance.md). The timer is unreferenced: a pending flush keeps no
 * process alive, and the exit handler writes what is left. Error lines are handed over at
 * once. When a reader stops reading, memory stays within the destination's `maxLength`, and
 * later lines are dropped and counted instead.
 */
export function createBoundedSink(stdout: LogDestination, stderr: LogDestination): BoundedLogSink {
  const outDrops = countDrops(stdout, 'stdout');
  const errDrops = countDrops(stderr, 'stderr');
  let batch = '';
  let deferred: DeferredLine[] = [];
  let timer: NodeJS.Timeout | undefined;
  // Formats the deferred lines into the batch, in order, before any line given after them.
  const format = () => {
    const lines = deferred;
    deferred = [];
    for (const { event, fields, time } of lines) batch += formatLogLine('info', event, fields, time);
  };
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (deferred.length > 0) format();
    if (batch === '') return;
    const lines = batch;
    batch = '';
    stdout.write(lines);
  };
  const schedule = () => {
    timer ??= setTimeout(flush, FLUSH_INTERVAL_MS).unref();
  };
  return {
    info(line) {
      if (deferred.length > 0) format();
      batch += line;
      if (batch.length >= BATCH_BYTES) flush();
      else schedule();
    },
    defer(event, fields, time) {
      deferred.push({ event, fields, time });
      if (deferred.length >= BATCH_LINES) flush();
      else schedule();
    },
    error: (line) => void stderr.write(line),
    dropped: () => ({ stdout: outDrops.count, stderr: errDrops.count }),
    flushAtExit() {
      flush();
      for (const destination of [stdout, stderr]) {
        try {
          destination.flushSync();
        } catch {
          // The reader is stalled (EAGAIN past the deadline) or gone (EPIPE): what is left is
          // lost. Destroyed, so that nothing flushes it again.
          destination.destroy();
        }
      }
    },
  };
}

/**
 * Stops writing to a destination whose reader has gone (EPIPE) instead of failing the
 * process; any other error is raised as before. This is what pino.destination added to
 * sonic-boom: the sink uses sonic-boom directly, since it formats its lines itself and
 * pino's serialisers, redaction and thread-stream would only lengthen start-up.
 */
function ignoreBrokenPipe(destination: SonicBoom): SonicBoom {
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') {
      const ignore = () => true;
      Object.assign(destination, { write: ignore, end: ignore, flushSync: ignore, destroy: ignore });
      return;
    }
    destination.removeListener('error', onError);
    destination.emit('error', error);
  };
  return destination.on('error', onError);
}

/** Shared by every copy of this module: the server's own and the one bundled by Astro. */
const PROCESS_SINK = Symbol.for('biomarker-catalog.log-sink');

/**
 * The process-wide sink on fd 1 and 2, made on first use. Writes are asynchronous
 * (`sync: false`) and bounded (`maxLength`), so a stalled reader costs at most a fixed
 * amount of memory; the count of dropped lines is logged when the reader is back.
 */
export function processLogSink(): BoundedLogSink {
  const holder = globalThis as { [PROCESS_SINK]?: BoundedLogSink };
  if (holder[PROCESS_SINK] !== undefined) return holder[PROCESS_SINK];
  // Opening process.stdout/stderr makes libuv put a pipe or socket in non-blocking mode.
  // On a blocking fd, a stalled reader holds a thread-pool write forever, and
  // process.exit then hangs joining that thread; non-blocking, the write fails
  // with EAGAIN and sonic-boom retries every 100 ms.
  void process.stdout;
  void process.stderr;
  let exitDeadline = Number.POSITIVE_INFINITY;
  const retryEAGAIN = () => Date.now() < exitDeadline;
  process.once('exit', () => {
    exitDeadline = Date.now() + EXIT_FLUSH_MS;
    sink.flushAtExit();
  });
  const open = (fd: number, maxLength: number) =>
    ignoreBrokenPipe(new SonicBoom({ fd, sync: false, maxLength, retryEAGAIN }));
  const stdout = open(1, STDOUT_BUFFER_BYTES);
  const stderr = open(2, STDERR_BUFFER_BYTES);
  const sink = createBoundedSink(stdout, stderr);
  holder[PROCESS_SINK] = sink;
  return sink;
}
