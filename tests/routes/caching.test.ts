import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readBuildManifest } from '../../server/render/readManifest';
import { DEFAULT_DEADLINE_MS, DIST, TEST_START_MS, testApp } from '../helpers/testApp';
import { fetchRaw } from '../helpers/fetchRaw';
import { startRig } from '../helpers/fulfilment';
import { parseHtml, textOf } from '../helpers/html';

const manifest = readBuildManifest(DIST);

describe('HTML compression', () => {
  it.each(['/', '/prompt1', '/no-existe'])('%s is served as brotli, gzip or identity, all the same page', async (route) => {
    const { app } = testApp();
    const identity = await fetchRaw(app, route, { 'accept-encoding': 'identity' });
    const br = await fetchRaw(app, route, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await fetchRaw(app, route, { 'accept-encoding': 'gzip' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(identity.body)).toBe(true);
    expect(br.body.length).toBeLessThan(identity.body.length * 0.6);
    for (const res of [identity, br, gz]) {
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
    }
    expect(new Set([identity.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
  });

  it('honours a client that refuses brotli', async () => {
    const res = await fetchRaw(testApp().app, '/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('HTML revalidation', () => {
  it.each(['/', '/prompt1'])('%s answers 304 to a matching If-None-Match, per encoding', async (route) => {
    const { app } = testApp();
    const first = await fetchRaw(app, route, { 'accept-encoding': 'br' });
    expect(first.headers.etag).toMatch(/^".+"$/);
    const again = await fetchRaw(app, route, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherEncoding = await fetchRaw(app, route, { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag ?? '' });
    expect(otherEncoding.status).toBe(200);
  });

  it('renders one body per second before the start, and a new one the next second', async () => {
    let now = DEFAULT_DEADLINE_MS - 100_000 + 100;
    const { app } = testApp({ now: () => now });
    const a = await fetchRaw(app, '/');
    now += 800;
    const b = await fetchRaw(app, '/');
    now += 200;
    const c = await fetchRaw(app, '/');
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(c.headers.etag).not.toBe(a.headers.etag);
    const seconds = (res: typeof a) => textOf(parseHtml(res.body.toString()).querySelectorAll('.countdown__value')[3]);
    expect(seconds(a)).toBe('40');
    expect(seconds(c)).toBe('39');
  });
});

describe('the flip to the normal price', () => {
  it('gives the very first request at the deadline the normal state, after Early Bird pages were cached', async () => {
    let now = DEFAULT_DEADLINE_MS - 1;
    const { app } = testApp({ now: () => now });
    const before = parseHtml((await fetchRaw(app, '/')).body.toString());
    expect(before.querySelector('.price-card--early')).not.toBeNull();
    now = DEFAULT_DEADLINE_MS;
    const at = parseHtml((await fetchRaw(app, '/')).body.toString());
    expect(at.querySelector('.price-card--normal')).not.toBeNull();
    expect(at.querySelector('.price-card--early')).toBeNull();
  });

  it('is exact for a deadline that is not on a whole second', async () => {
    const deadline = '2026-12-01T00:00:00.500-06:00';
    const deadlineMs = Date.parse(deadline);
    let now = deadlineMs - 1;
    const { app } = testApp({ now: () => now, env: { EARLY_BIRD_DEADLINE: deadline, WORKSHOP_START: '2026-12-15T20:00:00-06:00' } });
    expect(parseHtml((await fetchRaw(app, '/')).body.toString()).querySelector('.price-card--early')).not.toBeNull();
    now = deadlineMs;
    expect(parseHtml((await fetchRaw(app, '/')).body.toString()).querySelector('.price-card--normal')).not.toBeNull();
  });
});

describe('HTML Cache-Control for a CDN', () => {
  const cacheControlAt = async (now: number) => (await fetchRaw(testApp({ now }).app, '/')).headers['cache-control'];
  const shared = (seconds: number) => `public, max-age=0, must-revalidate, s-maxage=${seconds}, stale-while-revalidate=0, stale-if-error=0`;

  it('lets browsers revalidate, and shared caches keep a page of a state that will change one second at most', async () => {
    expect(await cacheControlAt(DEFAULT_DEADLINE_MS - 3_600_000)).toBe(shared(1));
    expect(await cacheControlAt(DEFAULT_DEADLINE_MS + 3_600_000)).toBe(shared(1));
    expect(await cacheControlAt(DEFAULT_DEADLINE_MS - 3_600_000)).toMatch(/stale-while-revalidate=0, stale-if-error=0$/);
  });

  it.each([
    ['the deadline', DEFAULT_DEADLINE_MS],
    ['the start', TEST_START_MS],
  ])(
    'never lets a shared cache keep a page past %s, even counting from when the copy reaches it: the last two seconds are not stored',
    async (_boundary, at) => {
      expect(await cacheControlAt(at - 40_000)).toBe(shared(1));
      expect(await cacheControlAt(at - 2_000)).toBe(shared(1));
      expect(await cacheControlAt(at - 1_999)).toBe('no-store');
      expect(await cacheControlAt(at - 1_000)).toBe('no-store');
      expect(await cacheControlAt(at - 1)).toBe('no-store');
    },
  );

  it('40 s before the start, lets no shared cache keep / longer than 40 s', async () => {
    for (const offset of [40_000, 39_500, 20_000, 1_000, 1]) {
      const value = (await cacheControlAt(TEST_START_MS - offset)) ?? '';
      const sMaxAge = /s-maxage=(\d+)/.exec(value)?.[1];
      // A second to spare for the way from here to the cache, where the count starts.
      if (value !== 'no-store') expect(Number(sMaxAge) * 1000 + 1000).toBeLessThanOrEqual(offset);
    }
  });

  it('lets shared caches keep the closed page an hour: nothing changes any more', async () => {
    expect(await cacheControlAt(TEST_START_MS)).toBe(shared(3600));
  });

  it('where the seller can change the sale, keeps the closed page no longer than a change takes to come into force', async () => {
    // A new date, the next edition or an un-cancel from /panel is in force CHANGE_DELAY_SECONDS after she confirms it:
    // a copy kept longer would hide it, and the site purges no cache.
    const rig = await startRig();
    try {
      const { app } = testApp({ now: TEST_START_MS, env: { ...rig.env(), CHANGE_DELAY_SECONDS: '600' } });
      const sMaxAge = Number(/s-maxage=(\d+)/.exec((await fetchRaw(app, '/')).headers['cache-control'] ?? '')?.[1]);
      expect(sMaxAge).toBeGreaterThan(0);
      expect(sMaxAge).toBeLessThan(600);
    } finally {
      await rig.close();
    }
  });

  it('never caches the health check', async () => {
    expect((await fetchRaw(testApp().app, '/healthz')).headers['cache-control']).toBe('no-store');
  });
});

const decoded = (body: Buffer, encoding: string): string =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('revalidation across a change of state', () => {
  it.each([
    ['the deadline', DEFAULT_DEADLINE_MS, 'class="price-card price-card--normal"'],
    ['the start', TEST_START_MS, 'class="price-card price-card--closed"'],
  ])('a 304 never confirms the page of the state before %s', async (_boundary, at, after) => {
    let now = at - 1;
    const { app } = testApp({ now: () => now });
    for (const encoding of ['br', 'gzip', 'identity']) {
      now = at - 1;
      const before = await fetchRaw(app, '/', { 'accept-encoding': encoding });
      const same = await fetchRaw(app, '/', { 'accept-encoding': encoding, 'if-none-match': before.headers.etag ?? '' });
      expect(same.status).toBe(304);
      now = at;
      // The same encoding and its own ETag: the only request that could be answered 304.
      const changed = await fetchRaw(app, '/', { 'accept-encoding': encoding, 'if-none-match': before.headers.etag ?? '' });
      expect(changed.status, encoding).toBe(200);
      expect(changed.headers['content-encoding'], encoding).toBe(encoding === 'identity' ? undefined : encoding);
      expect(decoded(changed.body, encoding)).toContain(after);
    }
  });
});

describe('static assets', () => {
  // The stylesheet and the entry are inline in every page: the islands' chunk is the hashed script they load.
  it("the islands' chunk is content-hashed, immutable for a year, and precompressed", async () => {
    const href = manifest.hydrateScript;
    const { app } = testApp();
    const file = readFileSync(path.join(DIST, 'public', href));
    const br = await fetchRaw(app, href, { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    if (file.length >= 1024) {
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
    }
    const identity = await fetchRaw(app, href, { 'accept-encoding': 'identity' });
    expect(identity.body.equals(file)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const { app } = testApp();
    const first = await fetchRaw(app, manifest.hydrateScript, { 'accept-encoding': 'br' });
    const again = await fetchRaw(app, manifest.hydrateScript, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag ?? '' });
    expect(again.status).toBe(304);
  });

  it("serves the public folder's files alone: nothing outside it, no folder, no .br or .gz by its own name", async () => {
    const { app } = testApp();
    const compressed = [`${manifest.hydrateScript}.br`, `${manifest.hydrateScript}.gz`];
    for (const route of ['/manifest.json', '/client-meta.json', '/server/index.js', '/assets/../manifest.json', '/assets', '/assets/', ...compressed]) {
      expect((await fetchRaw(app, route)).status, route).toBe(404);
    }
  });

  it('lets no cache keep a 404 under /assets/: the next release, or the one before, has that file', async () => {
    const { app } = testApp();
    for (const route of ['/assets/chunks/hydrate-ZZZZZZZZ.js', `${manifest.hydrateScript}.br`, '/assets/']) {
      const res = await fetchRaw(app, route);
      expect(res.status, route).toBe(404);
      expect(res.headers['cache-control'], route).toBe('no-store');
    }
    // Any other path's 404 is the same for every release: shared caches keep it a minute.
    expect((await fetchRaw(app, '/no-existe')).headers['cache-control']).toMatch(/^public, .*s-maxage=60/);
  });
});
