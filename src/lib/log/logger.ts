import { processLogSink, type LogSink } from './bounded-log-sink.ts';

export type { LogSink } from './bounded-log-sink.ts';
import { formatLogLine } from './format-log-line.ts';

/** Severity of a log line; `silent` drops everything. */
export type LogLevel = 'info' | 'error' | 'silent';

/** Structured logger writing one JSON object per line: info to stdout, errors to stderr. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/**
 * Creates a JSON-lines logger at the given level. Lines go to the process-wide bounded
 * sink (see bounded-log-sink.ts) unless another is given.
 */
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
 * Serialises an unknown thrown value for the server log (never for a client), with the
 * credentials of any URL in it redacted: an error may quote a configured URL.
 */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    const message = redactUrlCredentials(error.message);
    return { message, ...(error.stack ? { stack: redactUrlCredentials(error.stack) } : {}) };
  }
  return { message: redactUrlCredentials(String(error)) };
}

/**
 * `scheme://` followed by an authority holding a `@`: the userinfo runs up to the last `@`
 * before the path, query or fragment (WHATWG URL §4.4, authority state), so a password
 * with an unencoded `@` is covered whole.
 */
const USERINFO = /([a-z][a-z\d+.-]*:\/\/)[^\s/?#]*@/gi;

/**
 * Replaces the `user:password@` of every URL in `text` with `***@`, so a URL from the
 * configuration never repeats its credentials in an error message or a log line.
 */
export const redactUrlCredentials = (text: string): string => text.replace(USERINFO, '$1***@');
