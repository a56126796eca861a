/**
 * A render that fails once is forgotten: the next request renders again. The prompt page and the closed landing
 * page keep one body for a whole year, so a remembered failure would answer 500 until a restart.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { PageAssets } from '../../shared/buildManifest';
import { loadPageAssets } from '../../server/render/readManifest';
import { DIST, TEST_START_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

/** The build's assets, whose favicon (read by every page's render) fails once when armed: a transient fault. */
function assetsFailingOnce() {
  const real = loadPageAssets(DIST);
  let armed = false;
  const assets: PageAssets = {
    ...real,
    get favicon() {
      if (!armed) return real.favicon;
      armed = false;
      throw new Error('transient render fault');
    },
  };
  return {
    assets,
    failNextRender: () => {
      armed = true;
    },
  };
}

describe('a render that fails once', () => {
  it.each([
    ['/prompt1', 'the prompt page', TEST_START_MS - 86_400_000],
    ['/', 'the closed landing page', TEST_START_MS + 86_400_000],
  ])('%s (%s): 500 once, then the page again', async (path, _page, now) => {
    const { assets, failNextRender } = assetsFailingOnce();
    const { app, logs } = testApp({ now, assets });
    failNextRender();
    const failed = await request(app).get(path);
    expect(failed.status).toBe(500);
    expect(textOf(parseHtml(failed.text).querySelector('h1'))).toBe('Unexpected Application Error!');
    expect(logs.filter((line) => line.event === 'render_error')).toHaveLength(1);
    const next = await request(app).get(path);
    expect(next.status).toBe(200);
    expect(next.text).not.toContain('Unexpected Application Error!');
    // And from memory after that: the good render is kept.
    expect((await request(app).get(path)).headers.etag).toBe(next.headers.etag);
  });
});
