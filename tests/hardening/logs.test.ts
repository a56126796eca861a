import { readFileSync } from 'node:fs';
import net from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BEFORE_DEADLINE_MS, testApp } from '../helpers/testApp';
import type { LogLine } from '../helpers/logs';
import { freePort, PRODUCTION_SETTINGS, type RunningServer, runToExit, startBuiltServer, startServer, waitUntil } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { rawGet, rawRequest } from '../helpers/rawHttp';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
/** Any C0 control character or DEL, raw: none may reach a log line (JSON escapes them). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

const requestLines = (logs: LogLine[]) => logs.filter((line) => line.event === 'request');

/**
 * Waits for the built server's log line for `path` (a request line, or another event's): the process writes its lines
 * in order, so every line of an earlier request is in by then, however long a busy machine took to pass them on.
 */
const untilLogged = (server: RunningServer, path: string, event = 'request'): Promise<void> =>
  waitUntil(
    `a ${event} line for ${path}`,
    () => server.stdout.some((text) => text.includes(`"event":"${event}"`) && text.includes(`"path":"${path}"`)),
    WAIT_BOUND_MS,
    10,
  );

describe('request log lines (app)', () => {
  it('one JSON line per request with event, method, path, status, ms and bytes', async () => {
    const { app, logs, raw } = testApp();
    const home = await request(app).get('/').set('Accept-Encoding', 'identity');
    await request(app).get('/prompt1?utm_source=x').set('Accept-Encoding', 'identity');
    await request(app).head('/');
    await request(app).get('/no-existe').set('Accept-Encoding', 'identity');
    await request(app).post('/');
    const lines = requestLines(logs);
    expect(lines).toHaveLength(5);
    expect(lines.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/', status: 200 },
      { method: 'GET', path: '/prompt1?utm_source=x', status: 200 },
      { method: 'HEAD', path: '/', status: 200 },
      { method: 'GET', path: '/no-existe', status: 404 },
      { method: 'POST', path: '/', status: 405 },
    ]);
    for (const line of lines) {
      expect(line.msg).toBe('request');
      expect(typeof line.ms).toBe('number');
      expect(line.ms as number).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(line.bytes)).toBe(true);
    }
    expect(lines[0]?.bytes).toBe(Number(home.headers['content-length']));
    expect(lines[0]?.bytes as number).toBeGreaterThan(1000);
    expect(lines[2]?.bytes).toBe(0);
    // Every raw line is one line of JSON.
    for (const text of raw) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(text).not.toMatch(CONTROL);
    }
  });

  it('the bytes are those of the encoding sent', async () => {
    const { app, logs } = testApp();
    const res = await request(app).get('/').set('Accept-Encoding', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(requestLines(logs)[0]?.bytes).toBe(Number(res.headers['content-length']));
  });

  it('encoded control characters stay escaped text, and a huge path is cut', async () => {
    const { app, logs, raw } = testApp();
    await request(app).get('/a%0D%0Ainjected%1B[31m%00');
    await request(app).get(`/${'x'.repeat(10_000)}`);
    const [first, second] = requestLines(logs);
    expect(first?.path).toBe('/a%0D%0Ainjected%1B[31m%00');
    expect((second!.path as string).length).toBeLessThanOrEqual(2048);
    for (const text of raw) expect(text).not.toMatch(CONTROL);
  });

  it('a render error is logged with its stack under err; the visitor gets no stack', async () => {
    // The clock works while the app is built and fails once requests come in.
    let exploding = false;
    const { app, logs } = testApp({
      now: () => {
        if (exploding) throw new Error('clock exploded: secret detail');
        return BEFORE_DEADLINE_MS;
      },
    });
    exploding = true;
    const res = await request(app).get('/');
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('secret detail');
    expect(res.text).not.toContain('clock exploded');
    expect(res.text).not.toMatch(/\bat .+:\d+:\d+/);
    expect(res.text).not.toContain('.ts');
    const error = logs.find((line) => line.event === 'render_error') as (LogLine & { err?: { type?: string; message?: string; stack?: string } }) | undefined;
    expect(error?.level).toBe(50);
    expect(error?.path).toBe('/');
    expect(error?.err?.message).toBe('clock exploded: secret detail');
    expect(error?.err?.stack).toMatch(/^Error: clock exploded: secret detail\n\s+at /);
    expect(requestLines(logs).map(({ path, status }) => ({ path, status }))).toEqual([{ path: '/', status: 500 }]);
  });
});

describe('logs of the built server', () => {
  const deadline = '2031-01-15T12:00:00-06:00';
  const start = '2031-02-01T20:00:00-06:00';
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer({ ...PRODUCTION_SETTINGS, EARLY_BIRD_DEADLINE: deadline, WORKSHOP_START: start });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('prints one start line, with event listening, url, version, the state of the sale, deadline and start', () => {
    // Real settings, consistent dates: no warning comes before it (the build's, for a placeholder photo, aside:
    // tests/hardening/start-lines.test.ts).
    const [line] = server.stdout.map((text) => JSON.parse(text) as Record<string, unknown>).filter((entry) => entry.event !== 'build_warning');
    expect(line).toMatchObject({
      level: 30,
      event: 'listening',
      url: server.url,
      version,
      state: 'early-bird',
      deadline: new Date(Date.parse(deadline)).toISOString(),
      start: new Date(Date.parse(start)).toISOString(),
    });
  });

  it('raw control characters in the path never reach a log line unescaped', async () => {
    const hostile = [
      'GET /a\u001b[31mred HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      'GET /a\r\nSet-Cookie: x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      'GET /a\u0008\u0007\u007f HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      'GET /\u00e9\u00ff HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      rawGet('/b%0d%0a%1b[2J'),
    ];
    const before = server.stdout.length;
    for (const payload of hostile) {
      const result = await rawRequest(server.port, payload);
      expect(result.timedOut).toBe(false);
      expect(Number(/^HTTP\/1\.1 (\d{3})/.exec(result.text)?.[1])).toBeLessThan(500);
    }
    await fetch(`${server.url}/healthz?after-the-hostile-ones`);
    await untilLogged(server, '/healthz?after-the-hostile-ones');
    const lines = server.stdout.slice(before);
    expect(lines.filter((text) => text.includes('"event":"request"')).length).toBeGreaterThanOrEqual(1);
    for (const text of lines) {
      expect(() => JSON.parse(text), text).not.toThrow();
      expect(text).not.toMatch(CONTROL);
    }
    expect(server.stderr.join('')).toBe('');
  });

  it('logs one request line per request', async () => {
    const before = server.stdout.length;
    await fetch(`${server.url}/healthz`);
    await fetch(`${server.url}/prompt1`);
    // A third request's line closes the window: a second line for either of the two would have come before it.
    await fetch(`${server.url}/healthz?end`);
    await untilLogged(server, '/healthz?end');
    const lines = server.stdout
      .slice(before)
      .map((text) => JSON.parse(text) as LogLine)
      .filter((line) => line.event === 'request' && line.path !== '/healthz?end');
    expect(lines.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/healthz', status: 200 },
      { method: 'GET', path: '/prompt1', status: 200 },
    ]);
  });
});

let warnOnly: RunningServer | undefined;
afterEach(async () => {
  await warnOnly?.stop('SIGKILL');
});

describe('LOG_LEVEL on the built server', () => {
  it('warn suppresses the request lines but keeps warnings', async () => {
    // No "listening" line at this level: the server is ready once /healthz answers.
    warnOnly = await startServer({ env: { LOG_LEVEL: 'warn' }, ready: 'healthz' });
    const { url } = warnOnly;
    expect((await fetch(`${url}/`)).status).toBe(200);
    expect((await fetch(`${url}/no-existe`)).status).toBe(404);
    // The 404's warning comes after any line the request for / could have written.
    await untilLogged(warnOnly, '/no-existe', 'not_found');
    const lines = warnOnly.stdout.map((text) => JSON.parse(text) as LogLine);
    expect(lines.filter((line) => line.event === 'request')).toEqual([]);
    expect(lines.every((line) => line.level >= 40)).toBe(true);
    expect(lines.filter((line) => line.event === 'not_found').map((line) => line.path)).toEqual(['/no-existe']);
    expect(await warnOnly.stop('SIGTERM')).toBe(0);
  });
});

describe('a port already in use', () => {
  let blocker: net.Server;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    blocker = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
  });

  it('makes the server exit 1 with a listen_failed line, and never claim it is listening', async () => {
    // Express 5's app.listen also calls its callback with the error when listen fails: the "listening" line
    // must not be printed then, or a supervisor (and startBuiltServer) takes a failed start for a good one.
    const run = await runToExit({ PORT: String(port) });
    expect(run.status).toBe(1);
    const events = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((text) => (JSON.parse(text) as LogLine).event);
    expect(events).toContain('listen_failed');
    expect(events).not.toContain('listening');
  });
});
