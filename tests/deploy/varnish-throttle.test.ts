/**
 * deploy/varnish/taller.vcl limits each client on the pages whose every request may cost a read at Stripe, so that one
 * client sending made-up ids cannot spend an instance's budget of reads (server/fulfilment/pages/stripeReadBudget.ts) and leave a
 * real buyer, on another address, without their page. The client is the entry the ingress adds to X-Forwarded-For.
 * With real varnishd: in front of the built server with the confirmation on (the Stripe stand-in, a real SMTP
 * server), for /gracias; and in front of a stand-in for a buyer's access link under /acceso/, which spends the same
 * budget per visit, so that the rule is proven for every path there (a variant of the VCL passes them, as a private
 * page is passed).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paced } from '../../scripts/gates/rehearsal/traffic';
import { freePort, type RunningServer, sellingEnv, startServer } from '../../scripts/lib/harness';
import { THANKS_READS } from '../../server/fulfilment/fulfilmentRoutes';
import { readBudget } from '../../server/fulfilment/pages/stripeReadBudget';
import { throttled } from '../../shared/content/errorPageWords';
import { routeList } from '../../shared/routes';
import { type Rig, startRig } from '../helpers/fulfilment';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const ask = (port: number, target: string, client: string): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, headers: { 'x-forwarded-for': client }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
const madeUp = (): string => `cs_test_${randomBytes(12).toString('hex')}`;

/** A buyer's access link's stand-in: each visit spends a read of an instance's budget, as /gracias does, then checks the token. */
const BUYER_TOKEN = 'acc_buyer0123456789';
const budget = readBudget(THANKS_READS.perSecond, THANKS_READS.atOnce);
const accessVisits: string[] = [];
const access = http.createServer((req, res) => {
  if (req.url === '/healthz' && !req.headers['x-varnish']) return void res.end('{"status":"ok"}');
  if (req.url === '/_outage') return void res.writeHead(503, { 'Cache-Control': 'no-store' }).end('outage');
  accessVisits.push(req.url ?? '');
  if (!req.url?.startsWith('/acceso/')) return void res.writeHead(404, { 'Cache-Control': 'no-store' }).end('not found');
  if (!budget.take(Date.now())) return void res.writeHead(503, { 'Cache-Control': 'private, no-store', 'Retry-After': '60' }).end('vuelve en un minuto');
  if (req.url === `/acceso/${BUYER_TOKEN}`) return void res.writeHead(200, { 'Cache-Control': 'private, no-store' }).end('Tu acceso al taller');
  res.writeHead(404, { 'Cache-Control': 'private, no-store' }).end('no encontrado');
});
/** The shipped VCL, but a path under /acceso/ is passed as a private page is: the route's own pass comes with the route. */
const shipped = readFileSync('deploy/varnish/taller.vcl', 'utf8');
const passingAccess = shipped.replace(
  '    call taller_route;\n',
  `    set req.http.X-Test-Asked = req.url;
    call taller_route;
    if (std.tolower(req.http.X-Test-Asked) ~ "^/acceso/") {
        set req.url = req.http.X-Test-Asked;
        set req.http.X-Taller-Kind = "private";
    }
`,
);

/** The edge's limit, read from the VCL: `vsthrottle.is_denied("stripe-reads " + <client>, <at once>, <period>s)`. */
const limit = /is_denied\("stripe-reads " \+ req\.http\.X-Taller-Client, (\d+), (\d+)s\)/.exec(shipped);
if (!limit) throw new Error('deploy/varnish/taller.vcl has no per-client limit on the pages that cost a read');
const AT_ONCE = Number(limit[1]);
/** After the first AT_ONCE, one request every this many seconds. */
const EVERY_SECONDS = Number(limit[2]) / AT_ONCE;

let rig: Rig;
let instance: RunningServer;
let edge: RunningVarnish;
let accessEdge: RunningVarnish;

beforeAll(async () => {
  expect(passingAccess).not.toBe(shipped);
  rig = await startRig();
  await new Promise<void>((resolve) => access.listen(0, '127.0.0.1', resolve));
  // A sale in progress: a purchase made now is a buyer's, not one after the workshop (refunded instead). The instance
  // starts on its port while varnishd compiles the VCL that points there.
  const port = await freePort();
  [instance, edge, accessEdge] = await Promise.all([
    startServer({ port, env: { ...rig.env(), ...sellingEnv() } }),
    startVarnish([{ name: 'instance', port }]),
    startVarnish([{ name: 'access', port: (access.address() as { port: number }).port }], { vcl: passingAccess }),
  ]);
  await Promise.all([edge.untilHealthy(['instance']), accessEdge.untilHealthy(['access'])]);
});

afterAll(async () => {
  await Promise.all([edge?.stop(), accessEdge?.stop()]);
  await instance?.stop('SIGKILL');
  await rig?.close();
  access.close();
});

/**
 * One client (`flooder`) asks `floodTarget()` 30 times a second; once it has sent 20, a buyer on another address makes
 * their first visit. Resolves with the buyer's answer and the flood's statuses.
 */
async function floodWithBuyer(port: number, flooder: string, floodTarget: () => string, buyerVisit: () => Promise<Answer>) {
  const statuses: number[] = [];
  let buyer: Promise<Answer> | undefined;
  let sent = 0;
  const started = Date.now();
  await paced({
    connections: 2,
    ratePerSecond: 30,
    isDone: () => sent >= 40,
    async request() {
      sent += 1;
      if (sent === 20) buyer = buyerVisit();
      statuses.push((await ask(port, floodTarget(), flooder)).status);
    },
  });
  return { buyer: await (buyer as Promise<Answer>), statuses, seconds: (Date.now() - started) / 1000 };
}

describe('one client sending made-up ids at 30 a second', () => {
  it("cannot spend an instance's budget of Stripe reads: a buyer on another address gets their /gracias", async () => {
    const sessionId = rig.stripe.checkout.createSession('paid');
    const { buyer, statuses, seconds } = await floodWithBuyer(
      edge.port,
      '203.0.113.66',
      () => `/gracias?session_id=${madeUp()}`,
      () => ask(edge.port, `/gracias?session_id=${sessionId}`, '198.51.100.7'),
    );
    expect(buyer.status).toBe(200);
    expect(buyer.body).toContain('Tu lugar está confirmado');
    // AT_ONCE at once, then one every EVERY_SECONDS: the rest answered at the edge.
    const through = statuses.filter((status) => status !== 429).length;
    expect(through, `${through} of ${statuses.length} reached the instance in ${seconds.toFixed(1)} s`).toBeLessThanOrEqual(
      AT_ONCE + Math.ceil(seconds / EVERY_SECONDS),
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(statuses.length / 2);
  });

  it('cannot spend it on access links either: a buyer on another address gets their page under /acceso/', async () => {
    const visitsBefore = accessVisits.length;
    const { buyer, statuses, seconds } = await floodWithBuyer(
      accessEdge.port,
      '203.0.113.67',
      () => `/acceso/acc_${randomBytes(8).toString('hex')}`,
      () => ask(accessEdge.port, `/acceso/${BUYER_TOKEN}`, '198.51.100.8'),
    );
    expect(buyer.status).toBe(200);
    expect(buyer.body).toBe('Tu acceso al taller');
    const reached = accessVisits.length - visitsBefore;
    expect(reached, `${reached} visits reached the instance in ${seconds.toFixed(1)} s`).toBeLessThanOrEqual(AT_ONCE + Math.ceil(seconds / EVERY_SECONDS) + 1);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(statuses.length / 2);
  });
});

describe('the limit', () => {
  const limited = [...routeList.filter((route) => route.kind === 'private').map((route) => route.path), '/acceso/acc_x1', '/ACCESO/acc_y2/', '/acceso/a/b'];

  it.each(limited.map((path, index) => [path, `192.0.2.${index + 10}`]))(
    'holds %s to the VCL’s number of requests at once per client, then answers 429 in the site’s words, stored by no one',
    async (path, client) => {
      const answers: Answer[] = [];
      for (let n = 0; n <= AT_ONCE; n += 1) answers.push(await ask(edge.port, `${path}?session_id=${madeUp()}`, client));
      expect(answers.slice(0, AT_ONCE).map((answer) => answer.status)).not.toContain(429);
      const refused = answers[AT_ONCE];
      expect(refused?.status).toBe(429);
      expect(refused?.headers['retry-after']).toBeDefined();
      expect(refused?.headers['cache-control']).toBe('no-store');
      expect(refused?.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused?.body).toContain('<html lang="es">');
      expect(refused?.body).toContain(`<title>${throttled.title}</title>`);
      expect(refused?.body).toContain(`<h1>${throttled.heading}</h1>`);
      expect(refused?.body).toContain(`<p>${throttled.text}</p>`);
      expect(JSON.stringify(refused?.headers) + (refused?.body ?? '')).not.toMatch(/varnish|guru meditation/i);
      // Its one inline style, and nothing else, allowed by the policy.
      const style = /<style>([^<]*)<\/style>/.exec(refused?.body ?? '')?.[1] ?? '';
      expect(refused?.headers['content-security-policy']).toBe(
        `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      );
      // Another client at the same moment is not held back.
      expect((await ask(edge.port, `${path}?session_id=${madeUp()}`, `${client}0`)).status).not.toBe(429);
    },
  );

  it('counts the entry the ingress added: whatever a client writes before it, its requests share one limit', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < AT_ONCE + 2; n += 1) statuses.push((await ask(edge.port, `/gracias?session_id=${madeUp()}`, `10.${n}.0.1, 203.0.113.99`)).status);
    expect(statuses.slice(AT_ONCE)).toEqual([429, 429]);
  });

  it('counts an IPv6 client by its /64: every address of it, however written, shares one limit; the next /64 has its own', async () => {
    const oneSlash64 = ['2001:db8:77:1::1', '2001:DB8:77:1:0:0:0:2', '2001:db8:77:1:aaaa:bbbb:cccc:dddd', '2001:0db8:0077:0001::9', '2001:db8:77:1:ffff::'];
    const statuses: number[] = [];
    for (const client of oneSlash64) statuses.push((await ask(edge.port, `/gracias?session_id=${madeUp()}`, client)).status);
    expect(statuses.slice(0, AT_ONCE)).not.toContain(429);
    expect(statuses.slice(AT_ONCE)).toEqual(statuses.slice(AT_ONCE).map(() => 429));
    expect((await ask(edge.port, `/gracias?session_id=${madeUp()}`, '2001:db8:77:2::1')).status).not.toBe(429);
    // Written with zeros compressed in its first half, the /64 is the same.
    const zeros = ['2001:db8::1', '2001:db8:0:0:1::', '2001:db8::2:0:0:3', '2001:db8:0:0:4:5:6:7', '2001:db8::8'];
    const zeroStatuses: number[] = [];
    for (const client of zeros) zeroStatuses.push((await ask(edge.port, `/gracias?session_id=${madeUp()}`, client)).status);
    expect(zeroStatuses.slice(AT_ONCE)).toEqual(zeroStatuses.slice(AT_ONCE).map(() => 429));
  });

  it('leaves every other page alone', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 10; n += 1) statuses.push((await ask(edge.port, n % 2 ? '/' : '/healthz', '203.0.113.100')).status);
    expect(statuses).toEqual(statuses.map(() => 200));
  });
});
