import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../server/ops/logger';

export interface LogLine {
  level: number;
  event?: string;
  msg: string;
  [key: string]: unknown;
}

export const INFO = 30;
export const WARN = 40;
export const ERROR = 50;

/** A real pino logger at level info whose lines the test reads back, parsed and raw. */
export function capturedLogger(): { logger: Logger; lines: LogLine[]; raw: string[] } {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  return { logger: createLogger('info', sink), lines, raw };
}
