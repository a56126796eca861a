import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteKind, routeList } from '../../shared/routes';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';
import { kindLines, pathsOf, patternOf, vclText } from '../helpers/vclRouteLists';

/**
 * deploy/varnish/taller.vcl keeps one list of paths per route kind (its sub taller_route); shared/routes.ts is the one
 * route table. Each list is held to the table without a varnishd (vcl-route-lists.test.ts); here each kind's
 * handling is checked through a real varnishd, for
 * every route and for a path added to each kind's list, so that a kind with no route yet is checked too. The origin
 * is a stand-in that records every request and answers each as cacheable, so that what is not stored is the VCL's
 * doing; beside it, an instance of another release, which lacks the stand-in's hashed files and drops every other
 * request without a word.
 */
const SAMPLE = (kind: string): string => `/_vcl-test-${kind}`;
/** A page no other test asks for. */
const FRESH_PAGE = '/_vcl-test-fresh';
/** The shipped VCL with SAMPLE(kind) added to each route kind's list, and FRESH_PAGE to the pages'. */
const variant = kindLines
  .filter(({ on }) => on === 'Route')
  .reduce((text, { line, pattern, kind }) => {
    const added = [SAMPLE(kind), ...(kind === 'page' ? [FRESH_PAGE] : [])];
    return text.replace(line, line.replace(pattern, `^(${[...pathsOf(pattern), ...added].map(patternOf).join('|')})$`));
  }, vclText);

/** Every request the stand-in origin received (Varnish's probes aside): method, URL and body. */
const seen: string[] = [];
/** Every request the other release's instance received, probes aside. */
const otherSaw: string[] = [];
const probe = (req: http.IncomingMessage): boolean => req.url === '/healthz' && !req.headers['x-varnish'];
const origin = http.createServer((req, res) => {
  if (probe(req)) return void res.end('{"status":"ok"}');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    seen.push(`${req.method} ${req.url}${chunks.length ? ` ${Buffer.concat(chunks).toString()}` : ''}`);
    if (req.url?.includes('outage')) return void res.writeHead(503, { 'Cache-Control': 'no-store' }).end('outage');
    if (req.url?.includes('-ZZZZZZZZ')) return void res.writeHead(404, { 'Cache-Control': 'no-store' }).end('not found');
    const status = Number(req.headers['x-stand-in-status'] ?? 200);
    res.writeHead(status, { 'Cache-Control': 'public, max-age=0, s-maxage=60', 'Content-Type': 'text/plain' }).end(`${req.method} ${req.url}`);
  });
});
const other = http.createServer((req, res) => {
  if (probe(req)) return void res.end('{"status":"ok"}');
  otherSaw.push(`${req.method} ${req.url}`);
  if (req.url?.startsWith('/assets/')) return void res.writeHead(404, { 'Cache-Control': 'no-store' }).end('not found');
  req.socket.destroy();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let varnish: RunningVarnish;
const ask = (target: string, { method = 'GET', headers = {}, body }: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: varnish.port, path: target, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
/** What reached the stand-in origin while `act` ran, but for the outage keeper's refreshes, which come when they will. */
async function reaching(act: () => Promise<void>): Promise<string[]> {
  const before = seen.length;
  await act();
  return seen.slice(before).filter((line) => line !== 'GET /_outage');
}
const random = (): string => randomBytes(4).toString('hex');
let clients = 0;
/** A client of its own, as the ingress names it: the private pages are limited per client (varnish-throttle.test.ts). */
const newClient = (): string => {
  clients += 1;
  return `198.18.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};
/**
 * Sends the same request until the origin has answered it twice and the other instance has dropped it once: each
 * reached one instance alone (never sent twice, never stored); a dropped one got the outage page.
 */
async function passedEachTime(target: string, { method = 'GET', body }: { method?: string; body?: string }): Promise<void> {
  const line = `${method} ${target}`;
  let answered = 0;
  let dropped = 0;
  for (let attempt = 0; attempt < 60 && (answered < 2 || dropped < 1); attempt += 1) {
    const droppedBefore = otherSaw.filter((saw) => saw === line).length;
    let answer: Answer | undefined;
    const reached = await reaching(async () => {
      answer = await ask(target, { method, body, headers: { 'x-forwarded-for': newClient() } });
    });
    const droppedNow = otherSaw.filter((saw) => saw === line).length - droppedBefore;
    expect(reached.length + droppedNow, `${line}: instances reached`).toBe(1);
    if (droppedNow) {
      expect(answer?.status).toBe(503);
      dropped += 1;
    } else {
      expect(reached).toEqual([body === undefined ? line : `${line} ${body}`]);
      expect(answer?.status).toBe(200);
      expect(answer?.headers['x-cache']).toBe('MISS');
      answered += 1;
    }
  }
  expect({ answered: answered >= 2, dropped: dropped >= 1 }).toEqual({ answered: true, dropped: true });
}

/** How the edge treats each kind of route, checked on `route`: TypeScript asks for one per kind the table has. */
const HANDLING: Record<RouteKind, (route: string) => Promise<void>> = {
  async page(route) {
    await cachedByPathAlone(route);
  },
  async file(route) {
    await cachedByPathAlone(route);
  },
  async probe(route) {
    const reached = await reaching(async () => {
      for (const query of ['?a=1', '?b=2']) expect((await ask(`${route}${query}`)).headers['x-cache']).toBe('MISS');
    });
    expect(reached).toEqual([`GET ${route}`, `GET ${route}`]);
  },
  async outage(route) {
    const answer = await ask(route);
    expect(answer.status).toBe(503);
    expect(answer.body).toBe('outage');
  },
  async private(route) {
    await passedEachTime(`${route}?session_id=cs_test_${random()}`, {});
  },
  async action(route) {
    // Its query reaches the instance as it came: the seller's search, her sign-in link's token.
    await passedEachTime(`${route}?buscar=${random()}Ab`, {});
    await passedEachTime(route, { method: 'POST', body: 'confirmacion=x' });
    const refused = await reaching(async () => {
      // Each from a client of its own: two routes under /acceso/ would spend one client's limit between them.
      for (const method of ['PUT', 'DELETE']) {
        const answer = await ask(route, { method, headers: { 'x-forwarded-for': newClient() } });
        expect(answer.status, method).toBe(405);
        expect(answer.headers.allow, method).toBe('GET, HEAD, POST');
      }
      // A form of a few bytes, never a body that would hold an instance.
      expect((await ask(route, { method: 'POST', body: 'x'.repeat(5000), headers: { 'x-forwarded-for': newClient() } })).status).toBe(413);
    });
    expect(refused).toEqual([]);
  },
  async webhook(route) {
    await passedEachTime(route, { method: 'POST', body: 'event' });
    const refused = await reaching(async () => {
      for (const method of ['GET', 'HEAD', 'PUT']) {
        const answer = await ask(route, { method });
        expect(answer.status, method).toBe(405);
        expect(answer.headers.allow, method).toBe('POST');
      }
    });
    expect(refused).toEqual([]);
  },
};

/** One object per path: asked with queries, in capitals, with a trailing slash, under another Host; POST refused. */
async function cachedByPathAlone(route: string): Promise<void> {
  const variants = [`${route}?utm_source=a&r=${random()}`, `${route.toUpperCase()}${route === '/' ? '' : '/'}?fbclid=${random()}`, route];
  const answers: Answer[] = [];
  const reached = await reaching(async () => {
    for (const target of variants) answers.push(await ask(target, { headers: { host: `${random()}.example` } }));
    answers.push(await ask(route, { method: 'POST', body: 'x' }));
  });
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 405]);
  expect(answers[2]?.headers['x-cache']).toBe('HIT');
  expect(answers[3]?.headers.allow).toBe('GET, HEAD');
  expect(reached).toEqual([`GET ${route}`]);
}

beforeAll(async () => {
  for (const server of [origin, other]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const portOf = (server: http.Server): number => (server.address() as { port: number }).port;
  varnish = await startVarnish(
    [
      { name: 'origin', port: portOf(origin) },
      { name: 'other', port: portOf(other) },
    ],
    { vcl: variant },
  );
  await varnish.untilHealthy(['origin', 'other']);
});

afterAll(async () => {
  await varnish?.stop();
  origin.close();
  other.close();
});

describe('deploy/varnish/taller.vcl held to shared/routes.ts', () => {
  it.each([...routeList.map((route) => [route.kind, route.path] as const), ...Object.keys(HANDLING).map((kind) => [kind, SAMPLE(kind)] as const)])(
    'treats %s %s as its kind',
    async (kind, route) => {
      await HANDLING[kind as RouteKind](route);
    },
  );

  it('keeps every other path as one object, fetched as a path the table does not hold', async () => {
    const answers: Answer[] = [];
    const reached = await reaching(async () => {
      for (let n = 0; n < 5; n += 1) answers.push(await ask(`/${random()}?${random()}`));
    });
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(reached).toHaveLength(1);
    const asked = reached[0]?.replace(/^GET /, '') ?? '';
    expect(routeList.map((route) => route.path)).not.toContain(asked);
  });

  it('asks each instance in turn for a hashed file until one has it, and keeps the 404 of one none has a few seconds', async () => {
    for (let n = 0; n < 6; n += 1) {
      const file = `/assets/chunks/hydrate-${random().toUpperCase().slice(0, 8).padEnd(8, 'A')}.js`;
      const answer = await ask(`${file}?v=${random()}`);
      expect(answer.status, file).toBe(200);
      expect(answer.body).toBe(`GET ${file}`);
    }
    // None has it: each is asked once, and the next request is answered from the cache's memory.
    const gone = '/assets/chunks/hydrate-ZZZZZZZZ.js';
    const otherBefore = otherSaw.length;
    const reached = await reaching(async () => {
      for (let n = 0; n < 2; n += 1) expect((await ask(gone)).status).toBe(404);
    });
    expect(reached).toEqual([`GET ${gone}`]);
    expect(otherSaw.slice(otherBefore)).toEqual([`GET ${gone}`]);
  });

  it('stores no 412, whatever its Cache-Control says', async () => {
    const reached = await reaching(async () => {
      expect((await ask(FRESH_PAGE, { headers: { 'x-stand-in-status': '412' } })).status).toBe(412);
      expect((await ask(FRESH_PAGE)).status).toBe(200);
    });
    expect(reached).toEqual([`GET ${FRESH_PAGE}`, `GET ${FRESH_PAGE}`]);
  });
});
