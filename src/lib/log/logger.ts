import { formatLogLine, processLogSink, type LogSink } from './bounded-log-sink.ts';

export type { LogSink } from './bounded-log-sink.ts';

/** Severity of a log line; `silent` drops everything. */
export type LogLevel = 'info' | 'error' | 'silent';

/** Structured logger writing one JSON object per line: info to stdout, errors to stderr. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** A JSON-lines logger at `level`, writing to the process-wide bounded sink unless another is given. */
export function createLogger(level: LogLevel, sink: LogSink = processLogSink()): Logger {
  return {
    info: (event, fields) => {
      if (level !== 'info') return;
      if (sink.defer !== undefined) sink.defer(event, fields, Date.now());
      else sink.info(formatLogLine('info', event, fields));
    },
    error: (event, fields) => {
      if (level !== 'silent') sink.error(formatLogLine('error', event, fields));
    },
  };
}

/**
 * An unknown thrown value for the server log (never a client), URL credentials redacted: errors may quote a configured
 * URL.
 */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    const message = redactUrlCredentials(error.message);
    return { message, ...(error.stack ? { stack: redactUrlCredentials(error.stack) } : {}) };
  }
  return { message: redactUrlCredentials(String(error)) };
}

/**
 * `scheme://` then an authority with `@`: userinfo runs to the last `@` (WHATWG URL §4.4), so a password holding `@`
 * is covered.
 */
const USERINFO = /([a-z][a-z\d+.-]*:\/\/)[^\s/?#]*@/gi;

/** Replaces every URL's `user:password@` in `text` with `***@`. */
export const redactUrlCredentials = (text: string): string => text.replace(USERINFO, '$1***@');
