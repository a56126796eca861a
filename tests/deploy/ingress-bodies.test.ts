/**
 * Held bodies, per client, at the first hop that sees the client: Debian's nginx with deploy/ingress/held-bodies.conf,
 * in front of real varnishd running deploy/varnish/taller.vcl, in front of a stand-in instance that records what
 * reaches it and checks Stripe's signature with the SDK. One address opens 200 requests whose bodies trickle (webhook
 * deliveries and refund requests, a byte each): a few are held, every other is refused at once, and meanwhile another
 * client's refund request and Stripe's signed delivery both reach the instance whole and are answered. The nginx here
 * stands behind a balancer that names each visitor in X-Forwarded-For (its real-IP settings), as docs/operations.md
 * has it: the test is that balancer.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from '../../scripts/gates/rehearsal/children';
import { accepts, freePort, waitUntil } from '../../scripts/lib/harness';
import { checkoutStandIn, sessionEvent, signedEvent } from '../../scripts/lib/stripeCheckoutStandIn';
import { STRIPE_WEBHOOK_ADDRESSES } from '../../server/http/stripeDeliveries';
import { openConnection, type RawConnection, rawRequest } from '../helpers/rawHttp';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';

const SECRET = 'whsec_heldbodiestestsecret0123456789';
const HELD_AT_ONCE = 4;
const FLOOD = 200;
const FLOODER = '203.0.113.66';
const TOKEN = 'cs_test_h3Ld8oDy.SGVsZC1ib2RpZXM';
const [STRIPE_ADDRESS] = [...STRIPE_WEBHOOK_ADDRESSES];

/** What reached the instance: each request's line, its body's length once whole, and what the instance answered. */
const reached: { line: string; client: string; bytes: number; status: number }[] = [];
const instance = http.createServer((req, res) => {
  if (req.url === '/_outage') return void res.writeHead(503, { 'Cache-Control': 'no-store' }).end('outage');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    const body = raw.toString('utf8');
    let status = 200;
    if (req.url === '/webhooks/stripe') {
      try {
        Stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature']), SECRET);
      } catch {
        status = 400;
      }
    } else if (req.method === 'POST') {
      status = 303;
    }
    if (req.url !== '/healthz') reached.push({ line: `${req.method} ${req.url}`, client: String(req.headers['x-forwarded-for']), bytes: raw.length, status });
    res.writeHead(status, { 'Cache-Control': 'no-store', ...(status === 303 && { Location: `/acceso/${TOKEN}` }) }).end();
  });
});

let dir: string;
let port: number;
let varnish: RunningVarnish;
let nginx: ReturnType<typeof startChild> | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
  varnish = await startVarnish([{ name: 'only', port: (instance.address() as { port: number }).port }]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'taller-ingress-bodies-'));
  port = await freePort();
  const temp = (kind: string): string => `${kind}_temp_path ${path.join(dir, kind)};`;
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log stderr crit;
events { worker_connections 1024; }
http {
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  access_log off;
  include ${path.resolve('deploy/ingress/held-bodies.conf')};
  server {
    listen 127.0.0.1:${port};
    set_real_ip_from 127.0.0.1;
    real_ip_header X-Forwarded-For;
    location / {
      proxy_pass http://127.0.0.1:${varnish.port};
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  );
  const output: string[] = [];
  nginx = startChild('nginx', ['-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf')], { onLine: (line) => output.push(line) });
  await waitUntil(`nginx accepting connections:\n${output.join('\n')}`, () => accepts(port), 10_000);
  await varnish.untilHealthy(['only']);
});
afterAll(async () => {
  nginx?.child.kill('SIGTERM');
  await nginx?.exited;
  await varnish?.stop();
  instance.close();
  await rm(dir, { recursive: true, force: true });
});

const head = (lines: string[]): string => `${lines.join('\r\n')}\r\n\r\n`;
const statusOf = (text: string): string => text.split('\r\n')[0] ?? '';

/** A paid purchase's event, signed as Stripe signs it. */
function signedDelivery(): { payload: string; signature: string } {
  const stand = checkoutStandIn('plink_1HeldBodies');
  const session = stand.session(stand.createSession('paid'));
  if (!session) throw new Error('no session');
  return signedEvent(sessionEvent('checkout.session.completed', session), SECRET);
}
/** Its request's head, from one of Stripe's addresses as the balancer names it. */
const deliveryHead = (signature: string, length: number): string =>
  head([
    'POST /webhooks/stripe HTTP/1.1',
    'Host: taller.example.org',
    'Content-Type: application/json',
    `Stripe-Signature: ${signature}`,
    `Content-Length: ${length}`,
    `X-Forwarded-For: ${STRIPE_ADDRESS}`,
    'Connection: close',
  ]);

describe('one address trickling 200 bodies at once', () => {
  it("is held to a few at the ingress, while another client's refund request and Stripe's signed delivery are taken and answered", async () => {
    const flood: RawConnection[] = [];
    try {
      for (let n = 0; n < FLOOD; n += 1) {
        const connection = await openConnection(port);
        flood.push(connection);
        const request =
          n % 2 === 0
            ? ['POST /webhooks/stripe HTTP/1.1', 'Content-Type: application/json', `Content-Length: ${256 * 1024}`]
            : [`POST /acceso/${TOKEN}/reembolso HTTP/1.1`, 'Content-Type: application/x-www-form-urlencoded', 'Content-Length: 4000'];
        await connection.write(`${head([...request, 'Host: taller.example.org', `X-Forwarded-For: ${FLOODER}`])}{`);
      }
      // Each one past the limit is answered at once, before its body is read: what is left is what is held.
      await waitUntil(
        'every body past the limit refused',
        () => flood.filter((connection) => statusOf(connection.text()) === 'HTTP/1.1 429 Too Many Requests').length >= FLOOD - HELD_AT_ONCE,
        20_000,
      );
      const held = flood.filter((connection) => connection.text() === '');
      expect(held).toHaveLength(HELD_AT_ONCE);

      // Meanwhile another client asks for its refund, and Stripe delivers a paid purchase's event.
      const form = 'confirmacion=prueba';
      const refund = await rawRequest(
        port,
        head([
          `POST /acceso/${TOKEN}/reembolso HTTP/1.1`,
          'Host: taller.example.org',
          'Content-Type: application/x-www-form-urlencoded',
          `Content-Length: ${form.length}`,
          'X-Forwarded-For: 198.51.100.20',
          'Connection: close',
        ]) + form,
      );
      expect(statusOf(refund.text)).toBe('HTTP/1.1 303 See Other');
      const { payload, signature } = signedDelivery();
      const body = Buffer.from(payload, 'utf8');
      const delivery = await rawRequest(port, Buffer.concat([Buffer.from(deliveryHead(signature, body.length), 'latin1'), body]));
      expect(statusOf(delivery.text)).toBe('HTTP/1.1 200 OK');

      // Both reached the instance whole, each named as its client; nothing of the flood did.
      expect(reached).toEqual([
        { line: `POST /acceso/${TOKEN}/reembolso`, client: '198.51.100.20, 198.51.100.20, 127.0.0.1', bytes: form.length, status: 303 },
        { line: 'POST /webhooks/stripe', client: `${STRIPE_ADDRESS}, ${STRIPE_ADDRESS}, 127.0.0.1`, bytes: body.length, status: 200 },
      ]);
    } finally {
      for (const connection of flood) connection.destroy();
    }
  });
});

describe("Stripe's own addresses", () => {
  it("are never counted: more deliveries at once than anyone's limit are each taken and answered", async () => {
    const from = reached.length;
    const deliveries = await Promise.all(
      Array.from({ length: HELD_AT_ONCE + 2 }, async () => {
        const { payload, signature } = signedDelivery();
        const body = Buffer.from(payload, 'utf8');
        const connection = await openConnection(port);
        await connection.write(deliveryHead(signature, body.length) + payload.slice(0, 1));
        return { connection, rest: body.subarray(1) };
      }),
    );
    // All open at once, each with a byte of its body sent; then the rest of each.
    for (const { connection, rest } of deliveries) await connection.write(rest);
    const statuses = await Promise.all(deliveries.map(({ connection }) => connection.waitFor((text) => text.includes('\r\n\r\n'), 10_000).then(statusOf)));
    expect(statuses).toEqual(statuses.map(() => 'HTTP/1.1 200 OK'));
    expect(reached.slice(from).map((entry) => entry.status)).toEqual(statuses.map(() => 200));
  });
});
