import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** JSON lines on stdout (or the given stream): control characters in values are escaped by JSON itself. */
export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}
