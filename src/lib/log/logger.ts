/** Severity of a log line; `silent` drops everything. */
export type LogLevel = 'info' | 'error' | 'silent';

/** Structured logger writing one JSON object per line: info to stdout, errors to stderr. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** Where log lines go; `flush` writes out anything held back. */
export interface LogSink {
  info(line: string): void;
  error(line: string): void;
}

/** Most bytes of info lines held before they are written. */
const BATCH_BYTES = 64 * 1024;

/**
 * Writes error lines at once and batches info lines, writing them once per event-loop
 * turn: one write for many requests instead of one per request. Pipes and files are
 * written synchronously by Node on POSIX, so the batch left at exit is flushed too.
 */
export function createStdioSink(
  stdout: NodeJS.WritableStream = process.stdout,
  stderr: NodeJS.WritableStream = process.stderr,
): LogSink {
  let batch = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (batch === '') return;
    const out = batch;
    batch = '';
    stdout.write(out);
  };
  process.once('exit', flush);
  return {
    info(line) {
      batch += line;
      if (batch.length >= BATCH_BYTES) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    error(line) {
      flush(); // keep the order of lines
      stderr.write(line);
    },
  };
}

/** Creates a JSON-lines logger at the given level. */
export function createLogger(level: LogLevel, sink: LogSink = createStdioSink()): Logger {
  const line = (severity: 'info' | 'error', event: string, fields: Record<string, unknown> = {}) =>
    `${JSON.stringify({ time: new Date().toISOString(), level: severity, event, ...fields })}\n`;
  return {
    info: (event, fields) => {
      if (level === 'info') sink.info(line('info', event, fields));
    },
    error: (event, fields) => {
      if (level !== 'silent') sink.error(line('error', event, fields));
    },
  };
}

/** Serialises an unknown thrown value for the server log (never for a client). */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { message: String(error) };
}
