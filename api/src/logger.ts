/**
 * One JSON line per event on stdout/stderr. Callers pass only what is safe to keep: never a
 * password, token, cookie, AI key or webhook secret.
 */
export type LogLevel = 'silent' | 'error' | 'info';

export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel): Logger {
  const write = (stream: NodeJS.WriteStream, lvl: string, event: string, fields?: Record<string, unknown>) =>
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, event, ...fields })}\n`);
  return {
    info: (event, fields) => {
      if (level === 'info') write(process.stdout, 'info', event, fields);
    },
    error: (event, fields) => {
      if (level !== 'silent') write(process.stderr, 'error', event, fields);
    },
  };
}
