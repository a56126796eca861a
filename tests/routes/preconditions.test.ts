import { describe, expect, it } from 'vitest';
import { readBuildManifest } from '../../server/render/readManifest';
import { DIST, testApp } from '../helpers/testApp';
import { fetchRaw } from '../helpers/fetchRaw';

const manifest = readBuildManifest(DIST);
const { app } = testApp();
const BR = { 'accept-encoding': 'br' };

describe.each([
  ['a page', '/prompt1'],
  ['a hashed script', manifest.hydrateScript],
])('If-Match on %s', (_kind, target) => {
  const current = async (): Promise<string> => (await fetchRaw(app, target, BR)).headers.etag ?? '';

  it('that names the current representation, alone, in a list or as *, lets the request through', async () => {
    const etag = await current();
    for (const ifMatch of [etag, `"other", ${etag}`, '*']) {
      const res = await fetchRaw(app, target, { ...BR, 'if-match': ifMatch });
      expect(res.status, ifMatch).toBe(200);
      expect(res.headers.etag, ifMatch).toBe(etag);
    }
  });

  it('that names another representation, or ours as a weak tag, gets 412 with no body, stored by no cache, before If-None-Match', async () => {
    const etag = await current();
    const gzipTag = (await fetchRaw(app, target, { 'accept-encoding': 'gzip' })).headers.etag ?? '';
    for (const ifMatch of ['"gone"', gzipTag, `W/${etag}`]) {
      const res = await fetchRaw(app, target, { ...BR, 'if-match': ifMatch, 'if-none-match': etag });
      expect(res.status, ifMatch).toBe(412);
      expect(res.body.length, ifMatch).toBe(0);
      expect(res.headers['content-encoding'], ifMatch).toBeUndefined();
      // It answers this request's condition alone: a cache that kept it would answer every later request with it.
      expect(res.headers['cache-control'], ifMatch).toBe('no-store');
    }
  });
});

describe('If-Match where the answer would not succeed', () => {
  it('is ignored: an unknown path stays a 404', async () => {
    const res = await fetchRaw(app, '/no-existe', { 'if-match': '"gone"' });
    expect(res.status).toBe(404);
  });
});
