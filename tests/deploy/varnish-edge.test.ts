import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paced } from '../../scripts/gates/rehearsal/traffic';
import { PRODUCTION_SETTINGS, type RunningServer, sellingEnv, startBuiltServer, waitUntil } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { rawRequest } from '../helpers/rawHttp';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';

/**
 * The cache cannot be bypassed: deploy/varnish/taller.vcl with real varnishd in front of the built server, with the
 * sale open (the landing page a one-second snapshot). What a visitor sends that the site does not use (a query, a
 * Host, a path it does not know, a method) makes no new object and reaches no instance; counted at the instance,
 * from its request log.
 */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const ask = (port: number, target: string, { method = 'GET', headers = {}, agent = false as http.Agent | false } = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

let instance: RunningServer;
let varnish: RunningVarnish;

/**
 * The requests the instance logged so far, as `METHOD path`: the probes aside, the outage keeper's refresh of
 * /_outage too (its probe goes through the cache and reaches the instance whenever the kept copy expires).
 */
const reached = (): string[] =>
  instance.stdout
    .map((line) => JSON.parse(line) as { event?: string; method?: string; path?: string })
    .filter((entry) => entry.event === 'request' && entry.path !== '/healthz' && entry.path !== '/_outage')
    .map((entry) => `${entry.method} ${entry.path}`);
/**
 * What reached the instance while `act` ran, once its request log has caught up: the `atLeast` lines the test knows
 * must come (a busy machine writes them late), then no more for a moment.
 */
async function reachedDuring(act: () => Promise<void>, atLeast = 0): Promise<string[]> {
  const before = reached().length;
  await act();
  await waitUntil(`${atLeast} request(s) logged`, () => reached().length - before >= atLeast, WAIT_BOUND_MS, 50);
  // Each request is logged when its response has finished: give a further line a moment to arrive.
  let settled = -1;
  await waitUntil(
    'the request log settled',
    () => {
      const now = reached().length;
      const same = now === settled;
      settled = now;
      return same;
    },
    WAIT_BOUND_MS,
    200,
  );
  return reached().slice(before);
}
const random = (): string => randomBytes(6).toString('hex');

beforeAll(async () => {
  instance = await startBuiltServer({ ...PRODUCTION_SETTINGS, ...sellingEnv() });
  varnish = await startVarnish([{ name: 'instance', port: instance.port }]);
  await varnish.untilHealthy(['instance', 'cache_itself']);
});

afterAll(async () => {
  await varnish?.stop();
  await instance?.stop('SIGKILL');
});

describe('deploy/varnish/taller.vcl keys by path alone', () => {
  it('lets 5,000 requests for / with 5,000 random queries reach the instance at most once per second, without their queries', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const statuses = new Map<number, number>();
    const queries = ['utm_source=x&utm_campaign=', 'fbclid=', 'gclid=', `${random()}=`, 'q=', 'ref=a&b=', 'session_id='];
    let from = 0;
    let sent = 0;
    const origin = await reachedDuring(async () => {
      from = Date.now();
      // 2,500 requests/s over 4 keep-alive connections: the 5,000 take 2 s.
      await paced({
        connections: 4,
        ratePerSecond: 2_500,
        isDone: () => sent >= 5_000,
        async request(counter) {
          sent += 1;
          const answer = await ask(varnish.port, `/?${queries[counter % queries.length]}${random()}${counter}`, {
            headers: { 'accept-encoding': 'br' },
            agent,
          });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        },
      });
    }, 1);
    const seconds = (Date.now() - from) / 1000;
    agent.destroy();
    expect(Object.fromEntries(statuses)).toEqual({ 200: 5_000 });
    const landing = origin.filter((line) => line === 'GET /' || line.startsWith('GET /?'));
    // A one-second snapshot: refetched at most once a second, plus the second it started in.
    expect(landing.length, `${landing.length} requests reached the instance in ${seconds.toFixed(1)} s`).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(new Set(landing)).toEqual(new Set(['GET /']));
  });

  it('keeps an asset asked with random queries as one object, fetched once without the query', async () => {
    const { hydrateScript } = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { hydrateScript: string };
    const answers: Answer[] = [];
    const origin = await reachedDuring(async () => {
      for (let n = 0; n < 30; n += 1) answers.push(await ask(varnish.port, `${hydrateScript}?v=${random()}`, { headers: { 'accept-encoding': 'br' } }));
    }, 1);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.body.toString('base64'))).size).toBe(1);
    expect(origin).toEqual([`GET ${hydrateScript}`]);
  });

  it('keeps a page asked under any Host as one object', async () => {
    const hosts = ['evil.example', 'TALLER.EXAMPLE.ORG:8080', `${random()}.example.org`, '127.0.0.1', 'x'.repeat(200), '[::1]:80'];
    const answers: Answer[] = [];
    const origin = await reachedDuring(async () => {
      for (const host of hosts) answers.push(await ask(varnish.port, '/prompt1', { headers: { host } }));
    }, 1);
    expect(answers.map((answer) => answer.status)).toEqual(hosts.map(() => 200));
    expect(origin.filter((line) => line.includes('/prompt1'))).toHaveLength(1);
  });

  it('keeps every path the site does not know as one object: a flood of random paths reaches the instance once', async () => {
    const answers: Answer[] = [];
    const origin = await reachedDuring(async () => {
      for (let n = 0; n < 30; n += 1) answers.push(await ask(varnish.port, `/${random()}/${n}?${random()}`));
    });
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 404));
    expect(origin.length, origin.join(', ')).toBeLessThanOrEqual(1);
  });
});

describe('deploy/varnish/taller.vcl answers methods at the edge', () => {
  it('answers PURGE, BAN, PATCH, PUT, DELETE, OPTIONS, TRACE and CONNECT with 405, and a POST to a page too, none of them reaching an instance', async () => {
    const answers: [string, number][] = [];
    const origin = await reachedDuring(async () => {
      for (const method of ['PURGE', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'BAN', 'POST']) {
        answers.push([method, (await ask(varnish.port, '/', { method })).status]);
      }
      const connect = await rawRequest(varnish.port, 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n', {
        until: (text) => text.includes('\r\n\r\n'),
      });
      answers.push(['CONNECT', Number(/^HTTP\/1\.1 (\d{3})/.exec(connect.text)?.[1])]);
    });
    expect(origin).toEqual([]);
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(answers.map(([method]) => [method, 405])));
    // What the site takes there, stored by no one, and nothing of the cache's software.
    const answer = await ask(varnish.port, '/prompt1', { method: 'PATCH' });
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(answer.headers) + answer.body.toString()).not.toMatch(/varnish|guru meditation/i);
  });
});

describe("deploy/varnish/taller.vcl keeps a missing asset's 404 a few seconds, for itself alone", () => {
  it('asks the instance once for an asset none has, whatever the encoding, and tells browsers and caches beyond it no-store', async () => {
    const missing = '/assets/chunks/hydrate-ZZZZZZZZ.js';
    const answers: Answer[] = [];
    const origin = await reachedDuring(async () => {
      for (const encoding of ['br', 'gzip', 'identity']) answers.push(await ask(varnish.port, missing, { headers: { 'accept-encoding': encoding } }));
    }, 1);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    expect(origin.filter((line) => line === `GET ${missing}`)).toHaveLength(1);
  });
});

describe('the Varnish command line', () => {
  it('bounds Transient storage, where passes live', async () => {
    const transient = await varnish.counters('SMA.Transient.g_space', 'SMA.Transient.g_bytes');
    expect(transient['SMA.Transient.g_space']).toBeGreaterThan(0);
  });
});
