import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY, startServer } from '../../scripts/lib/harness';

const FIXTURE = path.resolve('tests/fixtures/fault-after-start.mjs');

interface LogLine {
  level: number;
  event?: string;
  err?: { message?: string; stack?: string };
}

describe('a fault outside any request', () => {
  it.each([
    ['exception', 'uncaught_exception', 'simulated uncaught exception'],
    ['rejection', 'unhandled_rejection', 'simulated unhandled rejection'],
  ])('an uncaught %s is logged with its stack and ends the process with 1', async (fault, event, message) => {
    const server = await startServer({ cwd: process.cwd(), args: ['--import', FIXTURE, SERVER_ENTRY], env: { FAULT: fault } });
    expect((await server.exited).code).toBe(1);
    const lines = server.stdout.map((line) => JSON.parse(line) as LogLine);
    const fatal = lines.find((line) => line.event === event);
    expect(fatal?.level).toBe(60);
    expect(fatal?.err?.message).toBe(message);
    expect(fatal?.err?.stack).toContain('fault-after-start.mjs');
    expect(server.stderr.join('\n')).toBe('');
  });
});
