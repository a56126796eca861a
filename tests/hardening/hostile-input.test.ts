import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildManifest } from '../../server/render/readManifest';
import { DIST, testApp } from '../helpers/testApp';
import { startBuiltServer, type RunningServer, within } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { openConnection, parseResponses, rawGet, rawRequest, type RawConnection } from '../helpers/rawHttp';

const manifest = readBuildManifest(DIST);
const ASSET = manifest.hydrateScript;
/** One of each kind of answer, with its status: pages, the 404, an asset and the health check. */
const HEAD_TARGETS = [
  ['/', 200],
  ['/prompt1', 200],
  ['/no-existe', 404],
  [ASSET, 200],
  ['/healthz', 200],
] as const;
const ASSET_BYTES = readFileSync(path.join(DIST, 'public', ASSET));
const ASSET_SIZE = statSync(path.join(DIST, 'public', ASSET)).size;

/** Text that only a file outside the public folder would put in a body. */
const LEAK_MARKERS = ['devDependencies', 'root:', '"inlineStyles":', '"entryScript":', 'createApp', 'sourceMappingURL=index.js.map'];

const MALFORMED = ['/%', '/%E0%A4%A', '/prompt1%'];
const NUL = ['/%00', '/prompt1%00', '/assets/%00'];
const TRAVERSAL = [
  '/../package.json',
  '/..%2fpackage.json',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/assets/..%2f..%2fpackage.json',
  '/assets/..\\..\\package.json',
  '/%252e%252e/package.json',
  '/assets/%2e%2e/manifest.json',
  '/assets/../../package.json',
  '/assets/../manifest.json',
  '/../../../../etc/passwd',
  '/assets/%2e%2e%5c%2e%2e%5cpackage.json',
  '//etc/passwd',
  '/assets//../../server/index.js',
  '/server/index.js',
  '/manifest.json',
  '/package.json',
];
const SCRIPT = '<script>alert(1)</script>';

function expectSafe(status: number, body: string): void {
  expect(status, body.slice(0, 200)).toBeGreaterThanOrEqual(400);
  expect(status, body.slice(0, 200)).toBeLessThan(500);
  for (const marker of LEAK_MARKERS) expect(body).not.toContain(marker);
  // No stack trace either.
  expect(body).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

describe('hostile paths through the app (supertest)', () => {
  const { app } = testApp();

  it.each([...MALFORMED, ...NUL, ...TRAVERSAL])('%s gets a 4xx and nothing from outside the public folder', async (target) => {
    const res = await request(app).get(target);
    expectSafe(res.status, res.text ?? '');
  });

  it('a 15 KB path, just under the 16 KB header limit of Node, reaches the app and gets a 404', async () => {
    // Longer ones never reach the app: Node answers 431 and resets the socket (the raw-socket tests below).
    const res = await request(app).get(`/${'a'.repeat(15 * 1024)}`);
    expect(res.status).toBe(404);
  });

  it('hundreds of query parameters and prototype keys: the page still answers 200, and Object.prototype stays clean', async () => {
    const many = Array.from({ length: 600 }, (_, i) => `p${i}=${i}`).join('&');
    const hostile = ['__proto__[polluted]=yes', '__proto__.polluted=yes', 'constructor[prototype][polluted]=yes', '__proto__=yes', 'constructor=yes'].join('&');
    for (const page of ['/', '/prompt1']) {
      const res = await request(app).get(`${page}?${many}&${hostile}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('</html>');
    }
    const res = await request(app).get(`/healthz?${hostile}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it.each([
    `/${encodeURIComponent(SCRIPT)}`,
    `/?q=${encodeURIComponent(SCRIPT)}`,
    `/prompt1?q=${encodeURIComponent(SCRIPT)}`,
    `/prompt1/${encodeURIComponent(SCRIPT)}`,
    `/assets/${encodeURIComponent(SCRIPT)}.js`,
    `/%?${encodeURIComponent(SCRIPT)}`,
  ])('%s is never reflected', async (target) => {
    const res = await request(app).get(target);
    expect(res.status).toBeLessThan(500);
    expect(res.text ?? '').not.toContain(SCRIPT);
    expect(res.text ?? '').not.toContain('alert(1)');
  });

  describe.each(['/', '/prompt1'])('other methods on %s', (page) => {
    it.each(['post', 'put', 'delete', 'patch', 'options'] as const)('%s answers 405 with Allow: GET, HEAD', async (method) => {
      const res = await request(app)[method](page).send('x=1');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.text).toBe('Method Not Allowed');
    });
  });

  it('HEAD on every kind of answer has the GET headers and no body', async () => {
    for (const [target, status] of HEAD_TARGETS) {
      const get = await request(app).get(target).set('Accept-Encoding', 'identity');
      const head = await request(app).head(target).set('Accept-Encoding', 'identity');
      expect(head.status, target).toBe(status);
      expect(head.headers['content-type'], target).toBe(get.headers['content-type']);
      expect(head.headers['content-length'], target).toBe(get.headers['content-length']);
      expect(head.text ?? '', target).toBe('');
    }
  });
});

const HEADERS_TIMEOUT_MS = 6_000;

describe('hostile bytes on the wire against the built server', () => {
  let server: RunningServer;
  let port: number;
  /** Opened by the first test, left stalled mid request line: closed by the server's headers timeout at the end. */
  const stalled: RawConnection[] = [];
  let stalledAt = 0;

  beforeAll(async () => {
    // A header timeout short enough to end the stalled connections within this file, and far longer than the
    // first test's request takes to answer once they are held.
    server = await startBuiltServer({ HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_MS / 1000) });
    port = server.port;
  });

  afterAll(async () => {
    for (const connection of stalled) connection.destroy();
    await server?.stop();
  });

  const send = async (payload: string) => {
    const result = await rawRequest(port, payload);
    expect(result.timedOut, `no answer or no close for ${JSON.stringify(payload.slice(0, 80))}`).toBe(false);
    const [response] = parseResponses(result.bytes).responses;
    expect(response, result.text.slice(0, 300)).toBeDefined();
    return { response: response!, text: result.text, body: response!.body.toString('latin1') };
  };

  it('20 stalled clients do not stop a normal request from answering 200 while they are held', async () => {
    for (let i = 0; i < 20; i += 1) {
      const connection = await openConnection(port);
      await connection.write('GET /prompt1 HT');
      stalled.push(connection);
    }
    stalledAt = Date.now();
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect((await res.text()).trimEnd().endsWith('</html>')).toBe(true);
    expect(stalled.every((connection) => !connection.isClosed())).toBe(true);
  });

  it.each([...MALFORMED, ...NUL, ...TRAVERSAL])('raw %s gets a 4xx and nothing from outside the public folder', async (target) => {
    const { response, body } = await send(rawGet(target));
    expectSafe(response.status, body);
  });

  it('a raw NUL byte in the path gets a 400', async () => {
    const { response } = await send('GET /\0 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(400);
  });

  it('a raw 100 KB path gets 414 or 431 (or 404), never a 5xx', async () => {
    const { response } = await send(rawGet(`/${'a'.repeat(100 * 1024)}`));
    expect([404, 414, 431]).toContain(response.status);
  });

  it('a 64 KB header gets 431 or 400', async () => {
    const { response } = await send(rawGet('/', { headers: { 'X-Big': 'a'.repeat(64 * 1024) } }));
    expect([400, 431]).toContain(response.status);
  });

  it('a raw script in the path is never reflected', async () => {
    for (const target of [`/${SCRIPT}`, `/?q=${SCRIPT}`, `/prompt1?q="><svg/onload=alert(1)>`]) {
      const { response, text } = await send(rawGet(target));
      expect(response.status).toBeLessThan(500);
      expect(text).not.toContain(SCRIPT);
      expect(text).not.toContain('alert(1)');
    }
  });

  it.each([
    ['raw CR/LF in the request line', 'GET /a\r\nSet-Cookie: injected=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'],
    ['bare LF in the request line', 'GET /a\nSet-Cookie: injected=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'],
    ['encoded %0d%0a in the path', rawGet('/a%0d%0aSet-Cookie:%20injected=1')],
    ['encoded %0d%0a in the query', rawGet('/?next=%0d%0aSet-Cookie:%20injected=1')],
    ['encoded %0d%0a on a page path', rawGet('/prompt1%0d%0aSet-Cookie:%20injected=1')],
  ])('%s injects no header into the response', async (_name, payload) => {
    const { response } = await send(payload);
    expect(response.status).toBeLessThan(500);
    expect(response.headers).not.toHaveProperty('set-cookie');
    for (const line of response.headerLines) expect(line.toLowerCase()).not.toContain('injected');
  });

  describe.each(['/', '/prompt1'])('other methods on %s', (page) => {
    it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'])('%s answers 405 with Allow: GET, HEAD', async (method) => {
      const { response } = await send(rawGet(page, { method, headers: { 'Content-Length': '0' } }));
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    });
  });

  it('TRACE never echoes the request back', async () => {
    const secret = 'trace-me-7f3a9c';
    for (const target of ['/', '/prompt1', '/no-existe', ASSET, '/healthz']) {
      const { response, body } = await send(rawGet(target, { method: 'TRACE', headers: { 'X-Trace-Secret': secret, Cookie: `session=${secret}` } }));
      expect(response.status, target).toBeGreaterThanOrEqual(400);
      expect(response.status, target).toBeLessThan(500);
      expect(body, target).not.toContain(secret);
      expect(body, target).not.toContain('X-Trace-Secret');
      expect(response.headers['content-type'] ?? '', target).not.toContain('message/http');
    }
  });

  it('HEAD on every kind of answer sends headers and not one body byte', async () => {
    for (const [target, status] of HEAD_TARGETS) {
      const get = await send(rawGet(target));
      const result = await rawRequest(port, rawGet(target, { method: 'HEAD' }));
      const { responses, rest } = parseResponses(result.bytes, [true]);
      expect(responses, target).toHaveLength(1);
      expect(responses[0]?.status, target).toBe(status);
      expect(responses[0]?.headers['content-length'], target).toBe(get.response.headers['content-length']);
      // Whatever comes after the blank line would be a body.
      expect(rest.length, target).toBe(0);
    }
  });

  it('Range on an asset: 206 with 10 bytes, and 416 with bytes */SIZE past the end', async () => {
    const partial = await send(rawGet(ASSET, { headers: { Range: 'bytes=0-9' } }));
    expect(partial.response.status).toBe(206);
    expect(partial.response.headers['content-range']).toBe(`bytes 0-9/${ASSET_SIZE}`);
    expect(Buffer.compare(partial.response.body, ASSET_BYTES.subarray(0, 10))).toBe(0);
    const beyond = await send(rawGet(ASSET, { headers: { Range: 'bytes=999999999-' } }));
    expect(beyond.response.status).toBe(416);
    expect(beyond.response.headers['content-range']).toBe(`bytes */${ASSET_SIZE}`);
  });

  it('pipelined requests in one write get every response, in order', async () => {
    const payload = [
      rawGet('/healthz', { keepAlive: true }),
      rawGet('/no-existe', { keepAlive: true }),
      rawGet(ASSET, { keepAlive: true, headers: { Range: 'bytes=0-9' } }),
      rawGet('/prompt1'),
    ].join('');
    const result = await rawRequest(port, payload);
    expect(result.timedOut).toBe(false);
    const { responses, rest } = parseResponses(result.bytes);
    expect(responses.map((response) => response.status)).toEqual([200, 404, 206, 200]);
    expect(JSON.parse(responses[0]!.body.toString('utf8'))).toEqual({ status: 'ok' });
    expect(responses[1]!.body.toString('utf8')).toContain('Page not found');
    expect(responses[2]!.body).toHaveLength(10);
    expect(responses[3]!.body.toString('utf8').trimEnd().endsWith('</html>')).toBe(true);
    expect(rest.length).toBe(0);
  });

  it('the server is still healthy after all of the above, and logged no fault', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr.join('')).toBe('');
    const levels = server.stdout.map((line) => (JSON.parse(line) as { level: number }).level);
    expect(levels.filter((level) => level >= 50)).toEqual([]);
  });

  it('closes the stalled header-less connections with 408 once HEADERS_TIMEOUT_SECONDS have passed', async () => {
    // Node looks for connections past the timeout every second (index.ts sets connectionsCheckingInterval): a busy
    // machine's check may come late, so the wait allows many.
    const timeoutLeft = Math.max(0, stalledAt + HEADERS_TIMEOUT_MS - Date.now());
    await within(
      'the server to close every stalled connection at its headers timeout',
      Promise.all(stalled.map((connection) => connection.closed)),
      timeoutLeft + WAIT_BOUND_MS,
    );
    for (const connection of stalled) expect(connection.text()).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - stalledAt).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 500);
  });
});
