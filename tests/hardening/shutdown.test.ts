import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, type TestContext } from 'vitest';
import { startBuiltServer, type RunningServer, within } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { openConnection, parseResponses, rawGet, type RawConnection } from '../helpers/rawHttp';

/** The default SHUTDOWN_DRAIN_SECONDS: after the delay, requests in flight get this long before the process exits anyway. */
const DRAIN_MS = 10_000;
/**
 * A delay or a drain far longer than a test waits for anything (WAIT_BOUND_MS): a process that exits "at once" is
 * waited for with that bound, so however slow the machine, a wait for the delay or the drain fails saying so.
 */
const LONG_DELAY_SECONDS = 60;

type Cleanup = TestContext['onTestFinished'];
type LogEntry = { event?: string; time?: string; [key: string]: unknown };

/** The built server with the given lame-duck delay, killed when the test ends if it is still running. */
async function start(onTestFinished: Cleanup, delaySeconds: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startBuiltServer({ SHUTDOWN_DELAY_SECONDS: String(delaySeconds), ...env });
  onTestFinished(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  });
  return server;
}

async function connect(onTestFinished: Cleanup, port: number): Promise<RawConnection> {
  const connection = await openConnection(port);
  onTestFinished(() => connection.destroy());
  return connection;
}

const logEntries = (server: RunningServer): LogEntry[] => server.stdout.map((text) => JSON.parse(text) as LogEntry);
const events = (server: RunningServer): (string | undefined)[] => logEntries(server).map((entry) => entry.event);

async function waitForLog(server: RunningServer, event: string): Promise<LogEntry> {
  const until = Date.now() + WAIT_BOUND_MS;
  for (;;) {
    const line = logEntries(server).find((entry) => entry.event === event);
    if (line) return line;
    if (Date.now() > until) throw new Error(`waited for a "${event}" log line: not within ${WAIT_BOUND_MS} ms:\n${server.stdout.join('\n')}`);
    await sleep(20);
  }
}

/** The exit code of a process told to stop, which it must give without waiting out a delay or a drain. */
const exitsAtOnce = (server: RunningServer, exited: Promise<number | null>, why: string): Promise<number | null> =>
  within(`the exit ${why}`, exited, WAIT_BOUND_MS, () => server.stdout.join('\n'));

/** Milliseconds between two log lines, from the server's own timestamps. */
const between = (from: LogEntry, to: LogEntry): number => Date.parse(to.time ?? '') - Date.parse(from.time ?? '');

/** Resolves when the connection's bytes hold `count` complete responses. */
const completeResponses = (connection: RawConnection, count: number) =>
  connection
    .waitFor((text) => parseResponses(Buffer.from(text, 'latin1')).responses.length >= count)
    .then((text) => parseResponses(Buffer.from(text, 'latin1')).responses);

/** One request on a fresh connection that the server closes after answering. */
async function getOnce(onTestFinished: Cleanup, port: number, target: string) {
  const connection = await connect(onTestFinished, port);
  await connection.write(rawGet(target, { headers: { 'Accept-Encoding': 'identity' } }));
  const [response] = await completeResponses(connection, 1);
  return response;
}

/** Resolves once the server has closed the connection; fails saying `why` it should have, after WAIT_BOUND_MS. */
const closes = (connection: RawConnection, why: string): Promise<void> => within(`the server to close ${why}`, connection.closed);

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

/** A request in flight: request line and headers sent, the final blank line held back until the test sends it. */
async function startInFlight(onTestFinished: Cleanup, port: number): Promise<RawConnection> {
  const connection = await connect(onTestFinished, port);
  await connection.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n');
  // The server reads what is waiting on every socket each turn of its loop: once it has answered a request sent after
  // these bytes, it has read them, and the connection is busy, not idle.
  expect((await getOnce(onTestFinished, port, '/livez'))?.status).toBe(200);
  return connection;
}

function expectWholePage(response: ReturnType<typeof parseResponses>['responses'][number] | undefined): void {
  expect(response?.status).toBe(200);
  expect(response?.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response?.body.length).toBe(Number(response?.headers['content-length']));
  const html = response?.body.toString('utf8') ?? '';
  expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
  expect(html.trimEnd().endsWith('</html>')).toBe(true);
}

describe('SIGTERM: the lame duck, then the drain', () => {
  it('keeps serving for the delay with /healthz at 503, then refuses new connections, finishes the request in flight and exits 0', async ({
    onTestFinished,
  }) => {
    // A delay longer than the test: it ends when the test says (SIGINT cuts it short, as a second signal does), so
    // however slow the machine, everything below happens within it. That the delay ends by itself is tested below.
    const server = await start(onTestFinished, LONG_DELAY_SECONDS);
    // A balancer's pooled connection: one request done, idle, kept alive for longer than balancers keep theirs.
    const pooled = await connect(onTestFinished, server.port);
    await pooled.write(rawGet('/', { keepAlive: true }));
    const [first] = await completeResponses(pooled, 1);
    expect(first?.status).toBe(200);
    expect(first?.headers.connection).toBe('keep-alive');
    expect(first?.headers['keep-alive']).toBe('timeout=65');

    const exited = server.stop('SIGTERM');
    const shutdown = await waitForLog(server, 'shutdown');
    expect(shutdown).toMatchObject({ signal: 'SIGTERM', delayMs: LONG_DELAY_SECONDS * 1000, drainMs: DRAIN_MS });

    // During the delay: the health check fails at once, so balancers stop sending traffic here…
    const health = await getOnce(onTestFinished, server.port, '/healthz');
    expect(health?.status).toBe(503);
    expect(health?.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(health?.body.toString('utf8') ?? '')).toEqual({ status: 'draining' });
    // …while what they still send is served as before: on new connections and on pooled ones, kept alive.
    expectWholePage(await getOnce(onTestFinished, server.port, '/'));
    await pooled.write(rawGet('/', { keepAlive: true, headers: { 'Accept-Encoding': 'identity' } }));
    const [, again] = await completeResponses(pooled, 2);
    expectWholePage(again);
    expect(again?.headers.connection).toBe('keep-alive');
    const inFlight = await startInFlight(onTestFinished, server.port);
    expect(events(server)).not.toContain('stop_accepting');

    // After the delay: no new connection gets in, the idle pooled one is closed, the one in flight is kept.
    server.child.kill('SIGINT');
    await waitForLog(server, 'stop_accepting');
    expect(await refusesConnections(server.port)).toBe(true);
    await closes(pooled, 'the idle pooled connection once the delay is over');
    expect(inFlight.isClosed()).toBe(false);
    await inFlight.write('\r\n');
    const [response] = await completeResponses(inFlight, 1);
    expectWholePage(response);
    expect(response?.headers.connection).toBe('close');
    await closes(inFlight, 'the connection whose request it has answered');

    // It closed by itself once the request in flight was answered, before the drain (10 s) could force it.
    expect(await exitsAtOnce(server, exited, 'once the request in flight is answered')).toBe(0);
    expect(await waitForLog(server, 'closed')).toBeDefined();
    expect(events(server)).not.toContain('forced_exit');
    expect(server.stderr.join('')).toBe('');
  });

  it('answers a keep-alive client that keeps asking through the delay, then closes its connection and exits 0', async ({ onTestFinished }) => {
    // A proxy's pooled connection that keeps sending must neither be cut during the delay nor hold the process open.
    // The delay ends when the test says (SIGINT), after three answers, however slow the machine.
    const server = await start(onTestFinished, LONG_DELAY_SECONDS);
    const client = await connect(onTestFinished, server.port);
    const exited = server.stop('SIGTERM');
    await waitForLog(server, 'shutdown');
    const DURING_DELAY = 3;
    let sent = 0;
    while (!client.isClosed()) {
      try {
        await client.write(rawGet('/', { keepAlive: true, headers: { 'Accept-Encoding': 'identity' } }));
        sent += 1;
        await completeResponses(client, sent);
      } catch {
        // Closed by the server: between two requests (it was idle), or right after an answer that said so.
        break;
      }
      if (sent === DURING_DELAY) server.child.kill('SIGINT');
      await sleep(100);
    }
    const responses = parseResponses(client.bytes()).responses;
    for (const response of responses) expectWholePage(response);
    // Served as usual, and kept alive, through the delay; once it is over, told to close.
    const keptAlive = responses.filter((response) => response.headers.connection === 'keep-alive');
    expect(keptAlive.length).toBeGreaterThanOrEqual(DURING_DELAY);
    expect(responses.slice(keptAlive.length).every((response) => response.headers.connection === 'close')).toBe(true);
    expect(await exited).toBe(0);
    expect(await waitForLog(server, 'closed')).toBeDefined();
    expect(events(server)).not.toContain('forced_exit');
  });

  it('exits 0 at once when nothing is in flight and there is no delay', async ({ onTestFinished }) => {
    const server = await start(onTestFinished, 0, { SHUTDOWN_DRAIN_SECONDS: String(LONG_DELAY_SECONDS) });
    expect(await exitsAtOnce(server, server.stop('SIGTERM'), 'after SIGTERM, with no delay and nothing to drain')).toBe(0);
    expect(await waitForLog(server, 'shutdown')).toMatchObject({ signal: 'SIGTERM', delayMs: 0 });
  });
});

describe('SIGINT: a developer at the terminal, no balancer to wait for', () => {
  it('skips the delay: exits 0 at once when idle', async ({ onTestFinished }) => {
    const server = await start(onTestFinished, LONG_DELAY_SECONDS);
    expect(await exitsAtOnce(server, server.stop('SIGINT'), 'after SIGINT, which skips the 60 s delay')).toBe(0);
    expect(await waitForLog(server, 'shutdown')).toMatchObject({ signal: 'SIGINT', delayMs: 0 });
    expect(server.stderr.join('')).toBe('');
  });

  it('skips the delay but still finishes a request in flight and exits 0', async ({ onTestFinished }) => {
    const server = await start(onTestFinished, LONG_DELAY_SECONDS);
    const idle = await connect(onTestFinished, server.port);
    await idle.write(rawGet('/healthz', { keepAlive: true }));
    await completeResponses(idle, 1);
    const inFlight = await startInFlight(onTestFinished, server.port);
    const exited = server.stop('SIGINT');
    await waitForLog(server, 'stop_accepting');
    await closes(idle, 'the idle connection at once, with no delay');
    await inFlight.write('\r\n');
    const [response] = await completeResponses(inFlight, 1);
    expectWholePage(response);
    expect(await exitsAtOnce(server, exited, 'once the request in flight is answered')).toBe(0);
  });

  it('cuts short the delay of an earlier SIGTERM', async ({ onTestFinished }) => {
    const server = await start(onTestFinished, 300);
    server.child.kill('SIGTERM');
    await waitForLog(server, 'shutdown');
    expect((await getOnce(onTestFinished, server.port, '/healthz'))?.status).toBe(503);
    expect(await exitsAtOnce(server, server.stop('SIGINT'), 'after SIGINT, which cuts the 300 s delay short')).toBe(0);
  });
});

describe.concurrent('the slow edges, with short timeouts (run side by side)', () => {
  it('forces exit 1 when a request is still open SHUTDOWN_DRAIN_SECONDS after the delay', async ({ onTestFinished }) => {
    // A slow upload: the answer (405) is sent at once, but the request lasts until its body has arrived,
    // which Node allows for up to 30 s (its request timeout). The drain must not wait that long.
    const drainMs = 2_000;
    const server = await start(onTestFinished, 1, { SHUTDOWN_DRAIN_SECONDS: String(drainMs / 1000) });
    const upload = await connect(onTestFinished, server.port);
    await upload.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\nhola');
    const [answer] = await completeResponses(upload, 1);
    expect(answer?.status).toBe(405);
    const exited = server.stop('SIGTERM');
    const shutdown = await waitForLog(server, 'shutdown');
    expect(shutdown).toMatchObject({ drainMs });
    const stopped = await waitForLog(server, 'stop_accepting');
    // At the drain's end, long before Node's own request timeout (30 s) would end the upload.
    expect(await exitsAtOnce(server, exited, 'forced at the end of the 2 s drain')).toBe(1);
    const forced = await waitForLog(server, 'forced_exit');
    // The delay and the drain were each waited out in full: a slower machine only waits longer. Node's timers and the
    // log's Date.now() round apart: a 1,000 ms timer can log 999 ms.
    expect(between(shutdown, stopped)).toBeGreaterThanOrEqual(1_000 - 1);
    expect(between(stopped, forced)).toBeGreaterThanOrEqual(drainMs - 1);
    expect(events(server)).not.toContain('closed');
  });

  it('keeps an idle keep-alive connection open past the header timeout, which closes a stalled one', async ({ onTestFinished }) => {
    // Node's header and request timeouts must never close a connection that is merely idle between requests:
    // the balancer in front would reuse it and fail the request it sends.
    const server = await start(onTestFinished, 0, { HEADERS_TIMEOUT_SECONDS: '2' });
    const pooled = await connect(onTestFinished, server.port);
    await pooled.write(rawGet('/healthz', { keepAlive: true }));
    await completeResponses(pooled, 1);
    // The timeout is in force: a client stalled in its headers is answered 408 and closed...
    const stalled = await connect(onTestFinished, server.port);
    await stalled.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await closes(stalled, 'a client stalled in its headers, at the 2 s headers timeout');
    expect(stalled.text()).toMatch(/^HTTP\/1\.1 408 /);
    // ...and the idle one, older than that and passed over by the same check, still serves its next request.
    expect(pooled.isClosed()).toBe(false);
    await pooled.write(rawGet('/healthz', { keepAlive: true }));
    const responses = await completeResponses(pooled, 2);
    expect(responses[1]?.status).toBe(200);
  });
});
