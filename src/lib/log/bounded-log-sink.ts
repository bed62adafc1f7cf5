import SonicBoom from 'sonic-boom';

/** Keys every line sets itself, first; a field of the same name is dropped. */
const RESERVED_KEYS = ['time', 'level', 'event'];

const withoutReserved = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => !RESERVED_KEYS.includes(key)));

// One line per request, so this is on the hot path: the timestamp is formatted once per
// millisecond, and `fields` is serialised as it is, never spread into a new object first.
let stampedAt = Number.NaN;
let stamp = '';

/** One JSON line: `time`, `level` and `event` first (never taken from `fields`), then `fields` as given. */
export function formatLogLine(
  severity: 'info' | 'error',
  event: string,
  fields: Record<string, unknown> = {},
  now = Date.now(),
): string {
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = new Date(now).toISOString();
  }
  const reserved = 'time' in fields || 'level' in fields || 'event' in fields; // RESERVED_KEYS, unrolled
  const tail = JSON.stringify(reserved ? withoutReserved(fields) : fields);
  return `{"time":"${stamp}","level":"${severity}","event":${JSON.stringify(event)}${tail === '{}' ? '}' : `,${tail.slice(1)}`}\n`;
}

/** Where log lines go. */
export interface LogSink {
  info(line: string): void;
  error(line: string): void;
  /** Takes an info line to format with its batch (`time` from `Date.now()`): `fields` must not change after the call. */
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

/** Counts lines dropped while the buffer is full and logs one `log_lines_dropped` once it drains. */
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
/** Longest an info line waits in the batch before it is handed over. @internal */
export const FLUSH_INTERVAL_MS = 10;

/** An info line whose formatting waits for its batch: the event, its fields and when it happened. */
interface DeferredLine {
  event: string;
  fields: Record<string, unknown> | undefined;
  time: number;
}

/**
 * A sink over two bounded destinations. Info lines go out in batches every FLUSH_INTERVAL_MS: an async write costs
 * a thread-pool round trip whatever its size (docs/performance.md). Error lines go at once. A stalled reader costs
 * at most `maxLength`; later lines are dropped and counted. The timer keeps no process alive; exit flushes.
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
 * Stops writing to a destination whose reader has gone (EPIPE) instead of failing the process, as pino.destination
 * would.
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

/**
 * The sink of this process, made on first use. Only the server's module graph writes logs: Astro's pages (the bundle,
 * or Vite's modules under `npm run dev`) make no logger, so one module-level sink is the process's one.
 */
let processSink: BoundedLogSink | undefined;

/** The process's sink on fd 1 and 2, asynchronous and bounded, made on first use. */
export function processLogSink(): BoundedLogSink {
  if (processSink !== undefined) return processSink;
  // Touching process.stdout/stderr makes libuv set the fd non-blocking: on a blocking fd a stalled reader would
  // hold a thread-pool write forever and process.exit would hang joining it.
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
  processSink = sink;
  return sink;
}
