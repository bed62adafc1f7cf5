/** Severity of a log line; `silent` drops everything. */
export type LogLevel = 'info' | 'error' | 'silent';

/** Structured logger writing one JSON object per line to stdout (info) or stderr (error). */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** Creates a JSON-lines logger at the given level. */
export function createLogger(level: LogLevel, write = defaultWrite): Logger {
  const emit = (severity: 'info' | 'error', event: string, fields: Record<string, unknown> = {}) =>
    write(severity, `${JSON.stringify({ time: new Date().toISOString(), level: severity, event, ...fields })}\n`);
  return {
    info: (event, fields) => {
      if (level === 'info') emit('info', event, fields);
    },
    error: (event, fields) => {
      if (level !== 'silent') emit('error', event, fields);
    },
  };
}

function defaultWrite(severity: 'info' | 'error', line: string): void {
  (severity === 'error' ? process.stderr : process.stdout).write(line);
}

/** Serialises an unknown thrown value for the server log (never for a client). */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { message: String(error) };
}
