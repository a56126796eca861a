/**
 * The edge's last open doors, with real varnishd running deploy/varnish/taller.vcl in front of two stand-in instances
 * that record what reaches them: a client's own X-Taller- headers (the VCL's notes to itself) reach no step and no
 * instance; anonymous slow webhook bodies, however many addresses they come from, leave Stripe's own deliveries room;
 * and neither the cache's access log, in the format deploy/ ships, nor any varnishlog or varnishtop recipe the docs
 * give prints a token or a session id.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../scripts/lib/harness';
import { checkoutStandIn, sessionEvent } from '../../scripts/lib/stripeCheckoutStandIn';
import { openConnection, rawRequest } from '../helpers/rawHttp';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';

const VCL = readFileSync('deploy/varnish/taller.vcl', 'utf8');
const FORMAT = 'deploy/varnish/varnishncsa.format';
/** Every X-Taller- header the VCL reads or writes. */
const INTERNAL = [...new Set(VCL.match(/X-Taller-[A-Za-z-]+/g) ?? [])];
/** One of the addresses Stripe sends webhooks from, as the VCL lists them. */
const STRIPE_ADDRESS = /acl stripe_addresses \{\s*"([\d.]+)";/.exec(VCL)?.[1] ?? '';

/** What reached an instance: its request line, the headers it got, and the body's length once whole. */
interface Reached {
  instance: string;
  line: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number | null;
}
const reached: Reached[] = [];
const isProbe = (req: http.IncomingMessage): boolean => (req.url === '/healthz' || req.url === '/_outage') && !req.headers['x-forwarded-for'];

/**
 * `steady` answers everything; `faulty` resets the connection of every hashed file and every 404 page it is asked for,
 * as a dying instance does, so that the cache retries them on `steady`.
 */
const standIn = (name: string) =>
  http.createServer((req, res) => {
    if (req.url === '/healthz' && isProbe(req)) return void res.end('{"status":"ok"}');
    if (req.url === '/_outage') return void res.writeHead(503, { 'Cache-Control': 'no-store' }).end('outage');
    const entry: Reached = { instance: name, line: `${req.method} ${req.url}`, headers: req.headers, bodyBytes: null };
    reached.push(entry);
    if (name === 'faulty' && (req.url?.startsWith('/assets/') || req.url === '/_not-found')) return void req.socket.destroy();
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      entry.bodyBytes = bytes;
      if (req.url?.startsWith('/assets/'))
        return void res.writeHead(200, { 'Cache-Control': 'public, max-age=31536000, immutable', 'Content-Type': 'text/javascript' }).end('export {};');
      res.writeHead(200, { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain' }).end(`received ${bytes}`);
    });
  });
const instances = { steady: standIn('steady'), faulty: standIn('faulty') };
let varnish: RunningVarnish;

beforeAll(async () => {
  for (const server of Object.values(instances)) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  varnish = await startVarnish(Object.entries(instances).map(([name, server]) => ({ name, port: (server.address() as { port: number }).port })));
  await varnish.untilHealthy(Object.keys(instances));
});
afterAll(async () => {
  await varnish?.stop();
  for (const server of Object.values(instances)) server.close();
});

const head = (lines: string[]): string => `${lines.join('\r\n')}\r\n\r\n`;
const statusOf = (text: string): string => text.split('\r\n')[0] ?? '';

describe("a client's own X-Taller- headers", () => {
  it('are removed from every request at the edge, each of the names the VCL uses', async () => {
    expect(INTERNAL.length).toBeGreaterThan(8);
    const prologue = VCL.slice(VCL.indexOf('sub vcl_recv {'), VCL.indexOf('call taller_log_url;'));
    for (const name of INTERNAL) expect(prologue, name).toContain(`unset req.http.${name};`);
    const from = reached.length;
    const forged = INTERNAL.map((name) => `${name}: from-the-client`);
    for (const target of ['/', '/healthz', '/gracias?session_id=cs_test_a1b2c3d4e5f6', '/assets/kept-ABCDEF12.js']) {
      await rawRequest(varnish.port, head([`GET ${target} HTTP/1.1`, 'Host: taller.example.org', 'Connection: close', ...forged]));
    }
    const seen = reached.slice(from);
    expect(seen.length).toBeGreaterThan(0);
    for (const { headers } of seen) expect(JSON.stringify(headers)).not.toContain('from-the-client');
  });

  it('cannot make a hashed file missing for everyone: X-Taller-Missing from a client, and an instance that fails, still end in the file', async () => {
    // Each file is fetched once, from an instance picked at random; the faulty one fails, and the other is asked.
    const statuses: string[] = [];
    for (let n = 0; n < 12; n += 1) {
      const target = `/assets/chunks/island-MISSNG${String(n).padStart(2, '0')}.js`;
      const forged = await rawRequest(varnish.port, head([`GET ${target} HTTP/1.1`, 'Host: taller.example.org', 'Connection: close', 'X-Taller-Missing: 1']));
      const next = await rawRequest(varnish.port, head([`GET ${target} HTTP/1.1`, 'Host: taller.example.org', 'Connection: close']));
      statuses.push(statusOf(forged.text), statusOf(next.text));
    }
    expect(reached.some((entry) => entry.instance === 'faulty' && entry.line.startsWith('GET /assets/chunks/island-MISSNG'))).toBe(true);
    expect(statuses).toEqual(statuses.map(() => 'HTTP/1.1 200 OK'));
  });
});

describe('slow webhook bodies from a hundred addresses', () => {
  it("fill what anyone else's bodies may take, and leave Stripe's own deliveries room: one is taken whole and reaches an instance", async () => {
    // Each declares a body and sends a byte of it, as a client trickling it does: the cache holds room for each while it
    // waits. A hundred as large as a webhook's may be ask for more than there is; then small ones take what is left.
    const held: Awaited<ReturnType<typeof openConnection>>[] = [];
    const slowBody = async (n: number, declared: number) => {
      const connection = await openConnection(varnish.port);
      held.push(connection);
      await connection.write(
        `${head([
          'POST /webhooks/stripe HTTP/1.1',
          'Host: taller.example.org',
          'Content-Type: application/json',
          `X-Forwarded-For: 198.18.${Math.floor(n / 200)}.${n % 200}`,
          `Content-Length: ${declared}`,
        ])}{`,
      );
    };
    try {
      for (let n = 0; n < 100; n += 1) await slowBody(n, 256 * 1024);
      await waitUntil('bodies refused for want of room', () => held.some((connection) => connection.isClosed()));
      for (let n = 100; n < 120; n += 1) await slowBody(n, 2 * 1024);
      // Stripe's own delivery of a paid purchase's event, as large as Stripe's are.
      const stand = checkoutStandIn('plink_1DoorsTest');
      const session = stand.session(stand.createSession('paid'));
      if (!session) throw new Error('no session');
      const delivery = JSON.stringify(sessionEvent('checkout.session.completed', session), null, 2);
      const stripe = await rawRequest(
        varnish.port,
        head([
          'POST /webhooks/stripe HTTP/1.1',
          'Host: taller.example.org',
          'Content-Type: application/json',
          `X-Forwarded-For: ${STRIPE_ADDRESS}`,
          `Content-Length: ${delivery.length}`,
          'Connection: close',
        ]) + delivery,
      );
      expect(statusOf(stripe.text)).toBe('HTTP/1.1 200 OK');
      expect(stripe.text).toContain(`received ${delivery.length}`);
    } finally {
      for (const connection of held) connection.destroy();
    }
  });

  it('from one address: a few at once, then one every two seconds, like the private pages', async () => {
    const statuses: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      const answer = await rawRequest(
        varnish.port,
        `${head([
          'POST /webhooks/stripe HTTP/1.1',
          'Host: taller.example.org',
          'Content-Type: application/json',
          'X-Forwarded-For: 198.51.100.40',
          'Content-Length: 2',
          'Connection: close',
        ])}{}`,
      );
      statuses.push(statusOf(answer.text));
    }
    expect(statuses.slice(4)).toEqual(['HTTP/1.1 429 Too Many Requests', 'HTTP/1.1 429 Too Many Requests']);
  });
});

describe("the cache's access log", () => {
  it("in the format deploy/varnish/varnishncsa.format ships, holds no personal link token, no refund's code, no session id however spelt, and no panel query", async () => {
    const token = 'cs_test_a1B2c3D4e5F6g7H8.ZmFrZS1zaWduYXR1cmUtMTIz';
    const targets = [
      `/acceso/${token}`,
      `/acceso/${token}/reembolso/mzk1x2.Q29kZS1zaWduYXR1cmUtNDU2`,
      `/ACCESO/${token}/invitacion.ics`,
      '/gracias?session_id=cs_live_Z9y8X7w6V5u4',
      '/gracias/invitacion.ics?session%5Fid=cs_test_Q1w2E3r4T5y6',
      '/?utm_source=ig&session_id=cs_test_R7t8Y9u0I1o2',
      '/cs_test_P0o9I8u7Y6t5',
      '/panel/entrar?enlace=Tm9uY2VPZlRoZUxpbms.1759114860.c2lnbmF0dXJl',
      '/panel?buscar=ana.ruiz%40correo.example.org',
    ];
    for (const target of targets) await rawRequest(varnish.port, head([`GET ${target} HTTP/1.1`, 'Host: taller.example.org', 'Connection: close']));
    expect(readFileSync(FORMAT, 'utf8')).not.toMatch(/%r|%U|%q|Referer/);
    const lines = await varnish.accessLog(FORMAT);
    const ours = lines.filter((line) => /"GET \/(acceso|ACCESO|gracias|panel|\?utm|\[redacted\])/.test(line));
    expect(ours.length).toBeGreaterThanOrEqual(targets.length);
    const text = ours.join('\n');
    expect(text).toContain('"GET /acceso/[redacted] HTTP/1.1"');
    expect(text).toContain('"GET /acceso/[redacted]/reembolso/[redacted] HTTP/1.1"');
    expect(text).toContain('"GET /gracias?[redacted] HTTP/1.1"');
    expect(text).toContain('"GET /?utm_source=ig&session_id=[redacted] HTTP/1.1"');
    expect(text).toContain('"GET /panel/entrar?[redacted] HTTP/1.1"');
    expect(text).toContain('"GET /panel?[redacted] HTTP/1.1"');
    expect(text).not.toMatch(/cs_(test|live)_|ZmFrZS1z|Q29kZS1z|mzk1x2|Tm9uY2VPZlRoZUxpbms|ana\.ruiz/i);
  });
});

/** Each varnishlog or varnishtop command the docs give an operator, as its words (a shell's quotes taken off). */
const RECIPES = ['docs/caching.md', 'docs/operations.md', 'deploy/varnish/taller.vcl'].flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:^|[`(\s])((?:varnishlog|varnishtop) [^`\n)]*?)\s*(?:#|`|\)|$)/gm)].map(([, command = '']) => ({
    file,
    words: [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(([, single, double, bare]) => single ?? double ?? bare ?? ''),
  })),
);

describe('the varnishlog and varnishtop recipes in the docs', () => {
  it("print no personal link's token and no session id, even for a request the cache retried", async () => {
    expect(RECIPES.length).toBeGreaterThanOrEqual(2);
    const token = 'cs_test_r3T7yU8iO9pA0sD1.UmVjaXBlLXNpZ25hdHVyZQ';
    // A path under a personal link that is no route: the 404 page, which `faulty` resets, so that some are retried.
    // Each goes to either instance at random: among six, one meets `faulty` first all but surely.
    await waitUntil(
      'a request the cache retried',
      async () => {
        await Promise.all(
          Array.from({ length: 6 }, () =>
            rawRequest(varnish.port, head([`GET /acceso/${token}/otra HTTP/1.1`, 'Host: taller.example.org', 'Connection: close'])),
          ),
        );
        await rawRequest(varnish.port, head([`GET /gracias?session_id=${token} HTTP/1.1`, 'Host: taller.example.org', 'Connection: close']));
        return (await varnish.vclLog()).some((line) => line.startsWith('retry GET /_not-found'));
      },
      20_000,
    );
    for (const { file, words } of RECIPES) {
      const [command, ...args] = words;
      const printed = await varnish.logTool(command as 'varnishlog' | 'varnishtop', args);
      expect(printed, `${file}: ${words.join(' ')}`).not.toMatch(/cs_(test|live)_|UmVjaXBl/);
      if (args.join(' ').includes('^retry')) expect(printed, words.join(' ')).toContain('retry GET /_not-found');
    }
  });
});
