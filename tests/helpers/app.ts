import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp } from '../../server/app';
import { loadAssets } from '../../server/assets';
import { readConfig, type Environment } from '../../server/config';
import { createLogger } from '../../server/logger';

export const DIST = path.resolve('dist');

/** Default deadline of decisions.md: 2025-09-30T23:59:59-06:00. */
export const DEFAULT_DEADLINE_MS = Date.parse('2025-09-30T23:59:59-06:00');
export const BEFORE_DEADLINE_MS = Date.parse('2025-09-01T12:00:00-06:00');

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** The real app, with a clock and environment of the test's choosing, and its log lines captured. */
export function testApp({ now = BEFORE_DEADLINE_MS, env = {} }: { now?: number | (() => number); env?: Environment } = {}) {
  const logs: LogLine[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        raw.push(line);
        logs.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  const clock = typeof now === 'function' ? now : () => now;
  const app = createApp({
    config: readConfig(env),
    assets: loadAssets(DIST),
    publicDir: path.join(DIST, 'public'),
    clock,
    logger: createLogger('info', sink),
  });
  return { app, logs, raw };
}
