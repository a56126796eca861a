import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../server/logger';

export interface CapturedLine {
  level: number;
  event?: string;
  msg: string;
  [key: string]: unknown;
}

/** A real pino logger whose lines the test reads back, raw and parsed. */
export function capturedLogger(): { logger: Logger; lines: CapturedLine[]; raw: string[] } {
  const lines: CapturedLine[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as CapturedLine);
      }
      done();
    },
  });
  return { logger: createLogger('info', sink), lines, raw };
}

export const WARN = 40;
export const ERROR = 50;
export const INFO = 30;
