/**
 * Who the client is, as deploy/varnish/taller.vcl reads it, with real varnishd in front of a stand-in instance: the
 * address that connected, then X-Forwarded-For from the right while the address in hand is a trusted proxy's (here the
 * loopback 127.0.0.1, the tests' ingress: scripts/lib/localVarnish.ts). A client connecting from any other address
 * (127.0.0.2) is that address, whatever it writes in the header: the per-client limit counts it once, and Stripe's
 * room is not its to claim. An IPv4-mapped address is its IPv4 address before any list is asked, and an IPv6 client's
 * /48 is one budget. Each verdict is an answer's status: a 429 is the limit counting.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TRUSTED_PROXIES } from '../../scripts/lib/localVarnish';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';

const VCL = readFileSync('deploy/varnish/taller.vcl', 'utf8');
/** One of the addresses Stripe sends webhooks from, as the VCL lists them. */
const STRIPE_ADDRESS = /acl stripe_addresses \{\s*"([\d.]+)";/.exec(VCL)?.[1] ?? '';
/** The per-client limit, read from the VCL: requests at once, for a client, then for an IPv6 client's /48. */
const AT_ONCE = Number(/is_denied\("stripe-reads " \+ req\.http\.X-Taller-Client, (\d+),/.exec(VCL)?.[1]);
const PREFIX_AT_ONCE = Number(/is_denied\("stripe-reads " \+ req\.http\.X-Taller-Client-Prefix, (\d+),/.exec(VCL)?.[1]);
/** A loopback address the cache does not trust: a client that reached it directly. */
const UNTRUSTED = '127.0.0.2';

const instance = http.createServer((req, res) => {
  if (req.url === '/_outage') return void res.writeHead(503, { 'Cache-Control': 'no-store' }).end('outage');
  req.resume();
  req.on('end', () => res.writeHead(200, { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain' }).end('ok'));
});
let varnish: RunningVarnish;

beforeAll(async () => {
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
  varnish = await startVarnish([{ name: 'only', port: (instance.address() as { port: number }).port }]);
  await varnish.untilHealthy(['only']);
});
afterAll(async () => {
  await varnish?.stop();
  instance.close();
});

/** A request to the cache from `from` (a local address), saying X-Forwarded-For: `forwardedFor`; its status. */
const ask = (from: string, forwardedFor: string, { method = 'GET', path = `/gracias?session_id=cs_test_${randomBytes(8).toString('hex')}` } = {}) =>
  new Promise<number>((resolve, reject) => {
    const body = method === 'POST' ? '{}' : '';
    const headers: http.OutgoingHttpHeaders = { 'X-Forwarded-For': forwardedFor, Connection: 'close' };
    if (body) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    const req = http.request({ host: '127.0.0.1', port: varnish.port, localAddress: from, method, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
const webhook = (from: string, forwardedFor: string) => ask(from, forwardedFor, { method: 'POST', path: '/webhooks/stripe' });

/** Each request in turn, their statuses. */
async function statuses(count: number, send: (n: number) => Promise<number>): Promise<number[]> {
  const answers: number[] = [];
  for (let n = 0; n < count; n += 1) answers.push(await send(n));
  return answers;
}

describe('a client that connects from an address the cache does not trust', () => {
  it('is that address, whatever X-Forwarded-For it sends: a new made-up address each time still meets the limit', async () => {
    expect(LOCAL_TRUSTED_PROXIES).not.toContain(UNTRUSTED);
    const answers = await statuses(AT_ONCE + 2, (n) => ask(UNTRUSTED, `198.18.7.${n + 1}`));
    expect(answers.slice(0, AT_ONCE)).not.toContain(429);
    expect(answers.slice(AT_ONCE)).toEqual([429, 429]);
  });

  it("cannot claim Stripe's room by naming one of Stripe's addresses: its webhook bodies are limited as anyone's", async () => {
    const answers = await statuses(AT_ONCE + 2, () => webhook(UNTRUSTED, STRIPE_ADDRESS));
    expect(answers.slice(AT_ONCE)).toEqual([429, 429]);
  });
});

describe('a request through trusted proxies', () => {
  it('is the first address, from the right, that is no trusted proxy: a second trusted hop in the header is walked past', async () => {
    // Each visitor came through two of this deployment's proxies: each is its own client, never the proxy's.
    const answers = await statuses(AT_ONCE + 2, (n) => ask('127.0.0.1', `203.0.113.${n + 1}, 127.0.0.1`));
    expect(answers).not.toContain(429);
    // And whatever a visitor wrote before its own entry is never reached.
    const forged = await statuses(AT_ONCE + 2, (n) => ask('127.0.0.1', `198.18.9.${n + 1}, 203.0.113.50, 127.0.0.1`));
    expect(forged.slice(AT_ONCE)).toEqual([429, 429]);
  });

  it("from Stripe's address written IPv4-mapped (::ffff:a.b.c.d), takes its deliveries in Stripe's room, never limited", async () => {
    const answers = await statuses(AT_ONCE + 2, () => webhook('127.0.0.1', `::ffff:${STRIPE_ADDRESS}`));
    expect(answers).toEqual(answers.map(() => 200));
    // The same address unmapped, for comparison, is Stripe's too; an address near it is anyone's.
    expect(await statuses(AT_ONCE + 2, () => webhook('127.0.0.1', STRIPE_ADDRESS))).not.toContain(429);
    expect((await statuses(AT_ONCE + 2, () => webhook('127.0.0.1', '::ffff:198.51.100.77'))).slice(AT_ONCE)).toEqual([429, 429]);
  });

  it("counts an IPv6 client's /48 as one budget: a new /64 of it each time, or of a /56 within it, still meets the limit", async () => {
    expect(PREFIX_AT_ONCE).toBeGreaterThan(AT_ONCE);
    const spread = await statuses(PREFIX_AT_ONCE + 2, (n) => ask('127.0.0.1', `2001:db8:48:${(n + 1).toString(16)}::1`));
    expect(spread.slice(0, PREFIX_AT_ONCE)).not.toContain(429);
    expect(spread.slice(PREFIX_AT_ONCE)).toEqual([429, 429]);
    const slash56 = await statuses(PREFIX_AT_ONCE + 2, (n) => ask('127.0.0.1', `2001:db8:56:ab${n.toString(16).padStart(2, '0')}::7`));
    expect(slash56.slice(PREFIX_AT_ONCE)).toEqual([429, 429]);
    // Another /48 has its own.
    expect(await ask('127.0.0.1', '2001:db8:49:1::1')).toBe(200);
  });
});
