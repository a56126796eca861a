/**
 * The built server, started as the container starts it, against clients that hold what they can: connections
 * that never send a request, connections that ask for megabytes and never read them, more connections than
 * MAX_CONNECTIONS, and silent connections to the metrics port. Visitors and probes still get their answers.
 */
import { request as httpRequest } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_SERVER_BOUNDS } from '../../server/ops/metricsServer';
import { freePort, PRODUCTION_SETTINGS, type RunningServer, sellingEnv, startBuiltServer, waitUntil } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';

const MAX_CONNECTIONS = 400;
const SILENT = 300;
const RESPONSE_TIMEOUT_MS = 2_000;
/** Each asks for the social card (about 220 KB) this many times in one go: more than the kernel's buffers hold. */
const NON_READERS = 8;
const PIPELINED = 40;

interface Held {
  socket: net.Socket;
  openedAt: number;
  /** When the server closed it; null while open. */
  closedAt: number | null;
}

/** A connection that is opened and then left alone (or, once `paused`, never read). */
function hold(port: number, send = '', paused = false): Promise<Held> {
  return new Promise((resolve, reject) => {
    const held: Held = { socket: net.connect({ port, host: '127.0.0.1' }), openedAt: 0, closedAt: null };
    held.socket.once('connect', () => {
      held.openedAt = Date.now();
      if (paused) held.socket.pause();
      if (send) held.socket.write(send);
      resolve(held);
    });
    held.socket.on('close', () => {
      held.closedAt ??= Date.now();
    });
    // A reset from the server is one way of closing: 'close' follows.
    held.socket.on('error', (error) => (held.openedAt ? undefined : reject(error)));
    if (!paused) held.socket.resume();
  });
}

async function holdMany(count: number, open: () => Promise<Held>): Promise<Held[]> {
  const all: Held[] = [];
  for (let i = 0; i < count; i += 1) all.push(await open());
  return all;
}

/** GET on a connection of its own, closed after: the status and the body. */
function getAlone(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether /healthz answers 200. Until the server has seen every closed connection go, the request may still find it
 * full and be closed unread, which reaches the client as a reset: not yet. */
async function healthzAnswers(): Promise<boolean> {
  try {
    return (await getAlone(`${server.url}/healthz`)).status === 200;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') return false;
    throw error;
  }
}

let server: RunningServer;
let metricsPort = 0;
let silent: Held[] = [];
let nonReaders: Held[] = [];
let silentOnMetrics: Held[] = [];
const everyHeld = (): Held[] => [...silent, ...nonReaders, ...silentOnMetrics];

beforeAll(async () => {
  metricsPort = await freePort();
  server = await startBuiltServer({
    ...PRODUCTION_SETTINGS,
    ...sellingEnv(86_400_000),
    METRICS_PORT: String(metricsPort),
    MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    RESPONSE_TIMEOUT_SECONDS: String(RESPONSE_TIMEOUT_MS / 1000),
    // The longest there is, and longer than this file takes on a machine several times slower than this one: the
    // silent connections stay until the test lets them go.
    HEADERS_TIMEOUT_SECONDS: '30',
  });
  silentOnMetrics = await holdMany(METRICS_SERVER_BOUNDS.maxConnections, () => hold(metricsPort));
  silent = await holdMany(SILENT, () => hold(server.port));
  const greedy = 'GET /og-image.png HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n'.repeat(PIPELINED);
  nonReaders = await holdMany(NON_READERS, () => hold(server.port, greedy, true));
});

afterAll(async () => {
  for (const held of everyHeld()) held.socket.destroy();
  await server?.stop();
});

describe('the origin, held by clients that send nothing or read nothing', () => {
  // How fast is the rehearsal's to measure (docs/caching.md); here, that the answers come while every client is held.
  it(`answers /healthz and / while ${SILENT} silent and ${NON_READERS} non-reading clients are held open`, async () => {
    for (let round = 0; round < 3; round += 1) {
      for (const path of ['/healthz', '/']) {
        const { status } = await getAlone(`${server.url}${path}`);
        expect([path, status]).toEqual([path, 200]);
      }
    }
    expect(silent.every((held) => held.closedAt === null)).toBe(true);
  });

  it('drops a client that does not read its answers once RESPONSE_TIMEOUT_SECONDS have passed', async () => {
    // A paused socket learns of the close only when it reads or writes: each writes a blank line now and then (which a
    // server reads past between requests) and never reads, whenever the server comes to be stuck on it.
    const closedByTheServer = (): boolean => {
      for (const held of nonReaders) if (held.closedAt === null) held.socket.write('\r\n');
      return nonReaders.every((held) => held.closedAt !== null);
    };
    await waitUntil('every non-reading client closed by the server', closedByTheServer, WAIT_BOUND_MS, 200);
  });

  it('closes silent connections to the metrics port within its headers timeout, and /metrics answers again', async () => {
    await waitUntil(
      'every silent metrics connection closed at its headers timeout',
      () => silentOnMetrics.every((held) => held.closedAt !== null),
      Math.max(0, silentOnMetrics[0]!.openedAt + METRICS_SERVER_BOUNDS.headersTimeoutMs - Date.now()) + WAIT_BOUND_MS,
    );
    const metrics = await getAlone(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
  });

  it(`closes connections past MAX_CONNECTIONS as they arrive, counts them, and serves again once they go`, async () => {
    const open = silent.length;
    const extra = await holdMany(MAX_CONNECTIONS - open + 50, () => hold(server.port));
    silent.push(...extra);
    await waitUntil('the 50 connections past the cap closed', () => extra.filter((held) => held.closedAt !== null).length >= 50);
    // Every connection above was accepted (or dropped) before this request reached the server: its count is final.
    const metrics = await getAlone(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.body).toMatch(/^taller_connections_dropped_total 50$/m);
    expect(extra.filter((held) => held.closedAt !== null)).toHaveLength(50);
    for (const held of silent) held.socket.destroy();
    await waitUntil('/healthz to answer once the silent clients have gone', healthzAnswers);
  });
});
