/**
 * Byte ranges on the static files, case by case against RFC 9110: §14 (Range, Content-Range, 206, 416),
 * §13.1.5 (If-Range) and §13.2.2 (the order preconditions are evaluated in).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readBuildManifest } from '../../server/render/readManifest';
import { DIST, testApp } from '../helpers/testApp';
import { fetchRaw, type RawResponse } from '../helpers/fetchRaw';

const manifest = readBuildManifest(DIST);
// The islands' chunk: a hashed script pages load that the build also stores as gzip and brotli.
const ASSET = manifest.hydrateScript;
const onDisk = path.join(DIST, 'public', ASSET);
/** Each representation of the script, by the Accept-Encoding that selects it. */
const REPRESENTATIONS = [
  { acceptEncoding: 'identity', encoding: undefined, bytes: readFileSync(onDisk) },
  { acceptEncoding: 'gzip', encoding: 'gzip', bytes: readFileSync(`${onDisk}.gz`) },
  { acceptEncoding: 'gzip, deflate, br', encoding: 'br', bytes: readFileSync(`${onDisk}.br`) },
] as const;
const IDENTITY = REPRESENTATIONS[0].bytes;

const { app } = testApp();
const get = (headers: Record<string, string>, method = 'GET'): Promise<RawResponse> => fetchRaw(app, ASSET, headers, method);
/** The 200 for the same request without Range: what a 206 must agree with. */
const whole = (acceptEncoding: string): Promise<RawResponse> => get({ 'accept-encoding': acceptEncoding });

function expectWhole(res: RawResponse, bytes: Buffer): void {
  expect(res.status).toBe(200);
  expect(res.headers['content-range']).toBeUndefined();
  expect(res.body.equals(bytes)).toBe(true);
}

describe('§14.2 Range: a part of the representation the request negotiated', () => {
  it.each(REPRESENTATIONS)(
    'Accept-Encoding: $acceptEncoding gets a slice of that representation, its total in Content-Range',
    async ({ acceptEncoding, encoding, bytes }) => {
      const part = await get({ 'accept-encoding': acceptEncoding, range: 'bytes=0-99' });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
      expect(part.headers['content-length']).toBe('100');
      expect(part.headers['content-encoding']).toBe(encoding);
      expect(part.body.equals(bytes.subarray(0, 100))).toBe(true);
    },
  );

  it.each(REPRESENTATIONS)('a 206 for $acceptEncoding carries the same Vary, ETag, Cache-Control and type as the 200 (§15.3.7)', async ({ acceptEncoding }) => {
    const [full, part] = await Promise.all([whole(acceptEncoding), get({ 'accept-encoding': acceptEncoding, range: 'bytes=10-19' })]);
    expect(part.status).toBe(206);
    for (const name of ['vary', 'etag', 'cache-control', 'content-type', 'content-encoding', 'accept-ranges']) {
      expect(part.headers[name], name).toBe(full.headers[name]);
    }
    expect(full.headers.vary).toBe('Accept-Encoding');
    expect(full.headers['accept-ranges']).toBe('bytes');
  });

  it('resumes a gzip download with gzip bytes: the two parts splice into the file', async () => {
    const gzip = REPRESENTATIONS[1].bytes;
    const first = await get({ 'accept-encoding': 'gzip', range: 'bytes=0-999' });
    const rest = await get({ 'accept-encoding': 'gzip', range: 'bytes=1000-', 'if-range': first.headers.etag ?? '' });
    expect(rest.status).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 1000-${gzip.length - 1}/${gzip.length}`);
    expect(gunzipSync(Buffer.concat([first.body, rest.body])).equals(IDENTITY)).toBe(true);
  });

  it('serves a suffix range (the last N bytes) and an open-ended one', async () => {
    const suffix = await get({ 'accept-encoding': 'identity', range: 'bytes=-10' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${IDENTITY.length - 10}-${IDENTITY.length - 1}/${IDENTITY.length}`);
    expect(suffix.body.equals(IDENTITY.subarray(-10))).toBe(true);
    const tail = await get({ 'accept-encoding': 'identity', range: `bytes=${IDENTITY.length - 5}-` });
    expect(tail.body.equals(IDENTITY.subarray(-5))).toBe(true);
  });

  it('clips a last position past the end to the representation (§14.1.2)', async () => {
    const res = await get({ 'accept-encoding': 'identity', range: `bytes=5-${IDENTITY.length * 2}` });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 5-${IDENTITY.length - 1}/${IDENTITY.length}`);
  });

  it('combines overlapping ranges into one part, and sends the whole file for disjoint ones (a server may ignore Range)', async () => {
    const overlapping = await get({ 'accept-encoding': 'identity', range: 'bytes=0-9, 5-19' });
    expect(overlapping.status).toBe(206);
    expect(overlapping.headers['content-range']).toBe(`bytes 0-19/${IDENTITY.length}`);
    const many = await get({ 'accept-encoding': 'identity', range: `bytes=${'0-1,'.repeat(500)}0-1` });
    expect(many.status).toBe(206);
    expect(many.body.equals(IDENTITY.subarray(0, 2))).toBe(true);
    expectWhole(await get({ 'accept-encoding': 'identity', range: 'bytes=0-9, 100-109' }), IDENTITY);
  });

  it.each(['bytes=abc', 'bytes 0-9', 'items=0-9', 'bytes=0-9;x', 'bytes=', 'bytes=--5', 'bytes=1-2-3'])(
    'ignores a malformed header or another unit (%s): the whole file',
    async (range) => {
      expectWhole(await get({ 'accept-encoding': 'identity', range }), IDENTITY);
    },
  );

  it('ignores Range on HEAD: ranges are defined for GET only', async () => {
    const res = await get({ 'accept-encoding': 'identity', range: 'bytes=0-9' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(IDENTITY.length));
  });
});

describe('§15.5.17 416: no satisfiable range', () => {
  it.each(REPRESENTATIONS)('for $acceptEncoding, Content-Range gives the length of the negotiated representation', async ({ acceptEncoding, bytes }) => {
    const res = await get({ 'accept-encoding': acceptEncoding, range: `bytes=${bytes.length}-` });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(res.headers.vary).toBe('Accept-Encoding');
    // No content: nothing encoded, nothing to validate, and nothing a cache may keep for the URL.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.length).toBe(0);
  });

  it.each(['bytes=999999999-', 'bytes=-0', 'bytes=9-0'])('refuses %s', async (range) => {
    const res = await get({ 'accept-encoding': 'identity', range });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${IDENTITY.length}`);
  });
});

describe('§13.1.5 If-Range', () => {
  it.each(REPRESENTATIONS)('with the strong ETag of the $acceptEncoding representation: 206', async ({ acceptEncoding, bytes }) => {
    const { headers } = await whole(acceptEncoding);
    const res = await get({ 'accept-encoding': acceptEncoding, range: 'bytes=0-9', 'if-range': headers.etag ?? '' });
    expect(res.status).toBe(206);
    expect(res.body.equals(bytes.subarray(0, 10))).toBe(true);
  });

  it.each(REPRESENTATIONS)('with any other validator, the $acceptEncoding representation whole: 200', async ({ acceptEncoding, bytes }) => {
    const { headers } = await whole(acceptEncoding);
    const current = headers.etag ?? '';
    const otherEncoding = (await whole(acceptEncoding === 'gzip' ? 'identity' : 'gzip')).headers.etag ?? '';
    const validators = {
      weak: `W/${current}`,
      stale: '"an-earlier-version"',
      otherEncoding,
      date: new Date(Date.now() + 86_400_000).toUTCString(),
      unquoted: current.slice(1, -1),
    };
    for (const [kind, ifRange] of Object.entries(validators)) {
      const res = await get({ 'accept-encoding': acceptEncoding, range: 'bytes=0-9', 'if-range': ifRange });
      expect(res.status, kind).toBe(200);
      expect(res.body.equals(bytes), kind).toBe(true);
      expect(res.headers.etag, kind).toBe(current);
    }
  });

  it('that does not match turns even an unsatisfiable range into the whole representation', async () => {
    expectWhole(await get({ 'accept-encoding': 'identity', range: 'bytes=999999999-', 'if-range': '"an-earlier-version"' }), IDENTITY);
  });

  it('is ignored without Range', async () => {
    expectWhole(await get({ 'accept-encoding': 'identity', 'if-range': '"an-earlier-version"' }), IDENTITY);
  });
});

describe('§13.2.2 order of evaluation', () => {
  it('a matching If-None-Match answers 304 before any range is considered', async () => {
    const { headers } = await whole('br');
    for (const range of ['bytes=0-9', 'bytes=999999999-']) {
      const res = await get({ 'accept-encoding': 'br', range, 'if-none-match': headers.etag ?? '' });
      expect(res.status, range).toBe(304);
      expect(res.headers['content-range'], range).toBeUndefined();
      expect(res.headers.etag, range).toBe(headers.etag);
      expect(res.body.length, range).toBe(0);
    }
  });

  it('an If-None-Match of another representation does not: the range is served', async () => {
    const gzipTag = (await whole('gzip')).headers.etag ?? '';
    const res = await get({ 'accept-encoding': 'br', range: 'bytes=0-9', 'if-none-match': gzipTag });
    expect(res.status).toBe(206);
  });
});
