import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBuiltServer, type RunningServer } from '../helpers/process';
import { openConnection, parseResponses, rawGet, type RawConnection } from '../helpers/rawHttp';

/** server/index.ts: requests in flight get this long after a signal before the process exits anyway. */
const GRACE_MS = 10_000;

const started: RunningServer[] = [];
const connections: RawConnection[] = [];

async function start(): Promise<RunningServer> {
  const server = await startBuiltServer();
  started.push(server);
  return server;
}

async function connect(port: number): Promise<RawConnection> {
  const connection = await openConnection(port);
  connections.push(connection);
  return connection;
}

afterEach(() => {
  for (const connection of connections.splice(0)) connection.destroy();
  for (const server of started.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForLog(server: RunningServer, event: string, timeoutMs = 3_000): Promise<Record<string, unknown>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const line = server.stdout.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.event === event);
    if (line) return line;
    if (Date.now() > until) throw new Error(`no "${event}" log line within ${timeoutMs} ms:\n${server.stdout.join('\n')}`);
    await sleep(20);
  }
}

/** Resolves when the connection's bytes hold `count` complete responses. */
const completeResponses = (connection: RawConnection, count: number, timeoutMs = 5_000) =>
  connection.waitFor((text) => parseResponses(Buffer.from(text, 'latin1')).responses.length >= count, timeoutMs).then(
    (text) => parseResponses(Buffer.from(text, 'latin1')).responses,
  );

/** Resolves with the time it took for the connection to close, or rejects after `timeoutMs`. */
async function closesWithin(connection: RawConnection, timeoutMs: number): Promise<number> {
  const from = Date.now();
  await Promise.race([connection.closed, sleep(timeoutMs).then(() => Promise.reject(new Error(`connection still open after ${timeoutMs} ms`)))]);
  return Date.now() - from;
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/**
 * A keep-alive connection that has finished one request and sits idle, and one whose request is in flight:
 * request line and headers sent, the final blank line held back until after the signal.
 */
async function idleAndInFlight(server: RunningServer): Promise<{ idle: RawConnection; inFlight: RawConnection }> {
  const idle = await connect(server.port);
  await idle.write(rawGet('/healthz', { keepAlive: true }));
  const [first] = await completeResponses(idle, 1);
  expect(first?.status).toBe(200);
  expect(first?.headers.connection).toBe('keep-alive');

  const inFlight = await connect(server.port);
  await inFlight.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n');
  await sleep(100);
  return { idle, inFlight };
}

describe('SIGTERM on the built server', () => {
  it('finishes the request in flight whole, closes the idle keep-alive connection, refuses new ones and exits 0 within the grace period', async () => {
    const server = await start();
    const { idle, inFlight } = await idleAndInFlight(server);

    const signalledAt = Date.now();
    const exited = server.stop('SIGTERM').then((code) => ({ code, ms: Date.now() - signalledAt }));
    await waitForLog(server, 'shutdown');

    // The idle connection is closed by the server at once.
    expect(await closesWithin(idle, 1_000)).toBeLessThan(1_000);
    // The listening socket is closed: no new visitor gets in.
    expect(await refusesConnections(server.port)).toBe(true);
    // The one in flight is still open, and now completes its request.
    expect(inFlight.isClosed()).toBe(false);
    await inFlight.write('\r\n');
    const [response] = await completeResponses(inFlight, 1);
    expect(response?.status).toBe(200);
    expect(response?.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response?.body.toString('utf8') ?? '';
    expect(response?.body.length).toBe(Number(response?.headers['content-length']));
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);

    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(GRACE_MS);
    const events = server.stdout.map((line) => (JSON.parse(line) as { event?: string }).event);
    expect(events).toContain('closed');
    expect(events).not.toContain('forced_exit');
    expect(server.stderr.join('')).toBe('');
  }, 20_000);

  it('closes the in-flight connection right after its response, so the process exits at once', async () => {
    // Without "Connection: close" on answers given while closing, the finished connection goes back to idle and
    // the process waits for keepAliveTimeout (5 s) before it can exit, instead of exiting after the last response.
    const server = await start();
    const { inFlight } = await idleAndInFlight(server);
    const exited = server.stop('SIGTERM');
    await waitForLog(server, 'shutdown');
    await inFlight.write('\r\n');
    const [response] = await completeResponses(inFlight, 1);
    const answeredAt = Date.now();
    expect(response?.status).toBe(200);
    expect(response?.headers.connection).toBe('close');
    expect(await closesWithin(inFlight, 1_000)).toBeLessThan(1_000);
    expect(await exited).toBe(0);
    expect(Date.now() - answeredAt).toBeLessThan(2_000);
  }, 20_000);

  it('does not let a keep-alive client that keeps asking hold the process past the grace period', async () => {
    // A proxy's pooled connection keeps sending requests after the signal. Each must be answered (or the
    // connection closed) and the process must still exit 0, not be killed by the grace timer with exit 1.
    const server = await start();
    const client = await connect(server.port);
    await client.write(rawGet('/healthz', { keepAlive: true }).replace(/\r\n\r\n$/, '\r\n'));
    const exited = server.stop('SIGTERM').then((code) => code);
    await waitForLog(server, 'shutdown');
    await client.write('\r\n');
    let answered = 0;
    const signalledAt = Date.now();
    while (!client.isClosed() && Date.now() - signalledAt < GRACE_MS + 2_000) {
      const responses = await completeResponses(client, answered + 1, 3_000).catch(() => null);
      if (!responses) break;
      answered = responses.length;
      for (const response of responses) expect(response.status).toBe(200);
      await sleep(500);
      if (!client.isClosed()) await client.write(rawGet('/healthz', { keepAlive: true })).catch(() => undefined);
    }
    expect(answered).toBeGreaterThanOrEqual(1);
    expect(await exited).toBe(0);
    const events = server.stdout.map((line) => (JSON.parse(line) as { event?: string }).event);
    expect(events).not.toContain('forced_exit');
  }, 30_000);

  it('exits 0 at once when nothing is in flight', async () => {
    const server = await start();
    const from = Date.now();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(Date.now() - from).toBeLessThan(2_000);
    expect(await waitForLog(server, 'shutdown')).toMatchObject({ signal: 'SIGTERM' });
  });
});

describe('SIGINT on the built server', () => {
  it('exits 0 at once when idle', async () => {
    const server = await start();
    const from = Date.now();
    expect(await server.stop('SIGINT')).toBe(0);
    expect(Date.now() - from).toBeLessThan(2_000);
    expect(await waitForLog(server, 'shutdown')).toMatchObject({ signal: 'SIGINT' });
    expect(server.stderr.join('')).toBe('');
  });

  it('also finishes a request in flight and exits 0', async () => {
    const server = await start();
    const { idle, inFlight } = await idleAndInFlight(server);
    const exited = server.stop('SIGINT');
    await waitForLog(server, 'shutdown');
    expect(await closesWithin(idle, 1_000)).toBeLessThan(1_000);
    await inFlight.write('\r\n');
    const [response] = await completeResponses(inFlight, 1);
    expect(response?.status).toBe(200);
    expect(response?.body.toString('utf8').trimEnd().endsWith('</html>')).toBe(true);
    expect(await exited).toBe(0);
  }, 20_000);
});
