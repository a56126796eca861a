/**
 * deploy/varnish/taller.vcl with real varnishd in front of six stand-in instances (more than Varnish's max_retries lets a
 * walk reach), each recording what reaches it: what a client sends to hold an instance (a body trickled or oversized,
 * a body on a GET) is taken or refused at the edge, and a hashed file that no instance has costs each instance one
 * lookup however often it is asked, and is never answered with the outage page.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../scripts/lib/harness';
import { openConnection, rawRequest } from '../helpers/rawHttp';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';

const INSTANCES = 6;
/** What a stand-in received, Varnish's own probes aside: `METHOD url`, and the body's length once it had all of it. */
interface Seen {
  instance: number;
  line: string;
  bodyBytes: number | null;
}
/** Everything every stand-in received, in the order it arrived. */
const seen: Seen[] = [];
/** What reached any instance from the `from`th entry on, but for the outage keeper's refreshes, which come when they will. */
const reachedSince = (from: number): Omit<Seen, 'instance'>[] =>
  seen
    .slice(from)
    .filter((entry) => entry.line !== 'GET /_outage')
    .map(({ line, bodyBytes }) => ({ line, bodyBytes }));
const reachedSoFar = (): number => seen.length;
const isProbe = (req: http.IncomingMessage): boolean => req.url === '/healthz' && !req.headers['x-varnish'];

const standIns = Array.from({ length: INSTANCES }, (_, instance) =>
  http.createServer((req, res) => {
    if (isProbe(req)) return void res.end('{"status":"ok"}');
    const entry: Seen = { instance, line: `${req.method} ${req.url}`, bodyBytes: null };
    seen.push(entry);
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      entry.bodyBytes = bytes;
      if (req.url === '/_outage') return void res.writeHead(503, { 'Cache-Control': 'no-store' }).end('outage');
      // Hashed files named `kept-…` exist, and the cache keeps them (250 kB: more than a webhook's body leaves free when
      // the bodies have filled their storage); any other is missing.
      if (req.url?.startsWith('/assets/kept-'))
        return void res
          .writeHead(200, { 'Cache-Control': 'public, max-age=31536000, immutable', 'Content-Type': 'text/javascript' })
          .end(`export {};${' '.repeat(250_000)}`);
      if (req.url?.startsWith('/assets/')) return void res.writeHead(404, { 'Cache-Control': 'no-store', 'Content-Type': 'text/html' }).end('<h1>404</h1>');
      res.writeHead(200, { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain' }).end(`received ${bytes}`);
    });
  }),
);

let varnish: RunningVarnish;
const names = standIns.map((_, index) => `instance_${index + 1}`);

beforeAll(async () => {
  for (const server of standIns) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  varnish = await startVarnish(standIns.map((server, index) => ({ name: names[index] ?? '', port: (server.address() as { port: number }).port })));
  await varnish.untilHealthy(names);
});

afterAll(async () => {
  await varnish?.stop();
  for (const server of standIns) server.close();
});

const head = (lines: string[]): string => `${lines.join('\r\n')}\r\n\r\n`;

describe('bodies at the edge', () => {
  it('refuses a webhook body declared over 256 KiB with 413 before a byte of it is sent, closes the connection, and tells no instance', async () => {
    const before = reachedSoFar();
    const answer = await rawRequest(
      varnish.port,
      head([
        'POST /webhooks/stripe HTTP/1.1',
        'Host: taller.example.org',
        'Content-Type: application/json',
        'Stripe-Signature: t=1,v1=00',
        'Content-Length: 300000',
      ]),
    );
    expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.closedByServer).toBe(true);
    expect(reachedSince(before)).toEqual([]);
  });

  it("takes a webhook's body whole before it asks an instance: half a body reaches none, the whole one reaches one at once", async () => {
    const before = reachedSoFar();
    const connection = await openConnection(varnish.port);
    try {
      await connection.write(head(['POST /webhooks/stripe HTTP/1.1', 'Host: taller.example.org', 'Content-Type: application/json', 'Content-Length: 2000']));
      await connection.write('x'.repeat(1000));
      // A request sent after that half has reached an instance and come back: the webhook has reached none.
      const marker = await rawRequest(varnish.port, head(['GET /healthz?marker HTTP/1.1', 'Host: taller.example.org', 'Connection: close']));
      expect(marker.text).toMatch(/^HTTP\/1\.1 200 /);
      expect(reachedSince(before).map((entry) => entry.line)).toEqual(['GET /healthz']);
      await connection.write('x'.repeat(1000));
      await connection.waitFor((text) => text.includes('received 2000'));
      expect(reachedSince(before)).toEqual([
        { line: 'GET /healthz', bodyBytes: 0 },
        { line: 'POST /webhooks/stripe', bodyBytes: 2000 },
      ]);
    } finally {
      connection.destroy();
    }
  });

  it('keeps serving pages while slow webhook bodies fill all the room it has for them', async () => {
    // 100 bodies of 200 kB, each one byte short of whole, each from an address of its own (one address is limited
    // to a few): more than the webhook's 16 MB, so the last find no room.
    const declared = 200_000;
    const held = await Promise.all(Array.from({ length: 100 }, () => openConnection(varnish.port)));
    try {
      await Promise.all(
        held.map(async (connection, n) => {
          await connection.write(
            head([
              'POST /webhooks/stripe HTTP/1.1',
              'Host: taller.example.org',
              'Content-Type: application/json',
              `X-Forwarded-For: 198.19.0.${n + 1}`,
              `Content-Length: ${declared}`,
            ]),
          );
          await connection.write('x'.repeat(declared - 1));
        }),
      );
      await waitUntil('bodies refused for want of room', () => held.some((connection) => connection.isClosed()));
      const space = await varnish.counters('SMA.webhook.g_space');
      // Meanwhile what the cache keeps is fetched and kept as ever: ten files it has never seen.
      const statuses: string[] = [];
      for (let n = 0; n < 10; n += 1) {
        const answer = await rawRequest(varnish.port, head([`GET /assets/kept-ABCDEF${n}${n}.js HTTP/1.1`, 'Host: taller.example.org', 'Connection: close']));
        statuses.push(answer.text.split('\r\n')[0] ?? '');
      }
      expect(statuses, `with ${space['SMA.webhook.g_space']} bytes of the webhook's storage left`).toEqual(statuses.map(() => 'HTTP/1.1 200 OK'));
      // No held body reached an instance: none was whole.
      expect(reachedSince(0).filter((entry) => entry.line === 'POST /webhooks/stripe' && entry.bodyBytes === declared - 1)).toEqual([]);
    } finally {
      for (const connection of held) connection.destroy();
    }
  });

  it.each([
    ['/gracias?session_id=cs_test_a1b2c3', 'Content-Length: 200000'],
    ['/', 'Content-Length: 200000'],
    ['/prompt1', 'Transfer-Encoding: chunked'],
  ])('refuses a GET of %s carrying a body (%s) with 400 before a byte of it is sent, closes the connection, and tells no instance', async (target, framing) => {
    const before = reachedSoFar();
    const answer = await rawRequest(varnish.port, head([`GET ${target} HTTP/1.1`, 'Host: taller.example.org', 'X-Forwarded-For: 198.18.1.1', framing]));
    expect(answer.text.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.closedByServer).toBe(true);
    expect(reachedSince(before)).toEqual([]);
  });
});

describe('a hashed file that no instance has', () => {
  it('is asked of each of six instances at most once, however often and in whatever encoding it is asked, and answered 404, never the outage page', async () => {
    const missing = '/assets/chunks/hydrate-NOTHEREA.js';
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const ask = (encoding: string): Promise<{ status: number; type: string | undefined; body: string }> =>
      new Promise((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: varnish.port, path: `${missing}?v=${encoding}`, headers: { 'accept-encoding': encoding }, agent },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: Buffer.concat(chunks).toString() }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    // 50 requests, ten at a time, in the three encodings the cache keeps apart.
    const answers = [];
    for (let round = 0; round < 5; round += 1)
      answers.push(...(await Promise.all(Array.from({ length: 10 }, (_, n) => ask(['br', 'gzip', 'identity'][n % 3] ?? '')))));
    agent.destroy();
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 404));
    for (const answer of answers) expect(answer.type).toMatch(/^text\/plain/);
    // Asked in turn until Varnish's max_retries (4 by default) ended the walk: five instances, once each.
    const asked = Array.from(
      { length: INSTANCES },
      (_, instance) => seen.filter((entry) => entry.instance === instance && entry.line === `GET ${missing}`).length,
    ).sort();
    expect(asked).toEqual([0, 1, 1, 1, 1, 1]);
  });

  it('gets a plain 503 when no instance answers, never the outage page in place of a script', async () => {
    for (const server of standIns) {
      server.close();
      server.closeAllConnections();
    }
    const answer = await rawRequest(varnish.port, head(['GET /assets/chunks/hydrate-NOANSWER.js HTTP/1.1', 'Host: taller.example.org', 'Connection: close']));
    expect(answer.text.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(answer.text).toMatch(/\r\nContent-Type: text\/plain; charset=utf-8\r\n/i);
    expect(answer.text).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(answer.text).not.toMatch(/<html/i);
  });
});
