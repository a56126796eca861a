/**
 * The display font (Fraunces) in a real Chromium: a first visit asks for no font before its first paint and
 * shows the visitor's own serif; once the page is idle it puts the file in the HTTP cache, and the next page
 * uses Fraunces from its first paint, from that cache. Nothing shifts on either.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../server/assets';
import { DIST } from '../helpers/app';
import { browserRig, checkedPages, openWatchedPage, type WatchedPage } from '../helpers/browser';
import { sellingEnv } from '../helpers/process';

const { displayFont } = JSON.parse(readFileSync(path.join(DIST, 'manifest.json'), 'utf8')) as BuildManifest;
const KEY = 'display-font';

const rig = browserRig(sellingEnv(86_400_000));
const pages = checkedPages();
afterAll(() => rig.close());

async function open(options: Parameters<typeof openWatchedPage>[1] = {}): Promise<WatchedPage & { url: string }> {
  const { browser, server } = await rig.get();
  const watched = await openWatchedPage(browser, options);
  pages.add(watched);
  return { ...watched, url: server.url };
}

interface FontView {
  /** Whether the head script marked the html (html.fraunces). */
  htmlFraunces: boolean;
  h1Family: string;
  /** The Fraunces face's status in document.fonts: 'unloaded' until a page uses it. */
  fraunces: string;
  firstContentfulPaint: number;
  /** Every request for the font file this page made, as the Resource Timing API saw it. */
  requests: { initiatorType: string; startTime: number; transferSize: number }[];
  /** The page's cumulative layout shift so far. */
  layoutShift: number;
}

const viewOf = (page: Page): Promise<FontView> =>
  page.evaluate(async (font) => {
    const layoutShift = await new Promise<number>((resolve) => {
      let sum = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) sum += (entry as PerformanceEntry & { value: number }).value;
      });
      observer.observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(sum);
      }, 100);
    });
    return {
      htmlFraunces: document.documentElement.classList.contains('fraunces'),
      h1Family: getComputedStyle(document.querySelector('h1')!).fontFamily,
      fraunces: [...document.fonts].find((face) => face.family === 'Fraunces')?.status ?? 'missing',
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.name.endsWith(font))
        .map(({ initiatorType, startTime, transferSize }) => ({ initiatorType, startTime, transferSize })),
      layoutShift,
    };
  }, displayFont);

/** The faces Chromium really drew the h1 with (DevTools protocol), whatever its font-family asked for. */
async function h1Faces(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}

/** No request for the font began before the first paint: at most the idle warm-up's fetch, after it. */
function expectNoFontBeforePaint(view: FontView): void {
  for (const request of view.requests) {
    expect(request.initiatorType).toBe('fetch');
    expect(request.startTime).toBeGreaterThan(view.firstContentfulPaint);
  }
}

const cachedKey = (page: Page): Promise<string | null> => page.evaluate((key) => localStorage.getItem(key), KEY);

describe('a first visit', () => {
  it('paints in the visitor\'s serif with no font request, then caches Fraunces once the page is idle, without swapping it in', async () => {
    const { page, url } = await open();
    await page.goto(`${url}/`);
    const loaded = await viewOf(page);
    expect(loaded.htmlFraunces).toBe(false);
    expect(loaded.h1Family).toMatch(/^"Fallback Georgia"/);
    expect(await h1Faces(page)).not.toContainEqual(expect.stringMatching(/^Fraunces/));
    expectNoFontBeforePaint(loaded);

    await page.waitForFunction((key) => localStorage.getItem(key) !== null, KEY, { timeout: 10_000 });
    expect(await cachedKey(page)).toBe(displayFont);
    const idle = await viewOf(page);
    // One low-priority fetch, after the first paint; the page keeps its face, so nothing moves.
    expect(idle.requests).toHaveLength(1);
    expectNoFontBeforePaint(idle);
    expect(idle.requests[0]!.transferSize).toBeGreaterThan(10_000);
    expect(idle.h1Family).toBe(loaded.h1Family);
    expect(idle.fraunces).toBe('unloaded');
    expect(await h1Faces(page)).not.toContainEqual(expect.stringMatching(/^Fraunces/));
    expect(idle.layoutShift).toBe(0);
  });

  it('without JavaScript, shows the same serif and asks for no font at all', async () => {
    const { page, url } = await open({ javaScriptEnabled: false });
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(displayFont)) fonts.push(request.url());
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toMatch(/^"Fallback Georgia"/);
    expect(fonts).toEqual([]);
  });

  it('where storage is refused, keeps the visitor\'s serif and still wakes the islands, with no error', async () => {
    const { page, context, url } = await open();
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The storage is disabled', 'SecurityError');
        },
      });
    });
    await page.goto(`${url}/`);
    await page.locator('[data-island="faq"]').scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="faq"][data-hydrated="true"]', { state: 'attached', timeout: 10_000 });
    const view = await viewOf(page);
    expect(view.htmlFraunces).toBe(false);
    expect(view.h1Family).toMatch(/^"Fallback Georgia"/);
  });
});

describe('the next visit', () => {
  it('uses Fraunces from the first paint, preloaded from the HTTP cache, on both pages', async () => {
    const { page, url } = await open();
    await page.goto(`${url}/prompt1`);
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, KEY, { timeout: 10_000 });
    for (const target of ['/', '/prompt1']) {
      await page.goto(`${url}${target}`);
      const view = await viewOf(page);
      expect(view.htmlFraunces, target).toBe(true);
      expect(view.h1Family, target).toMatch(/^Fraunces, "Fallback Georgia"/);
      expect(view.fraunces, target).toBe('loaded');
      expect(await h1Faces(page), target).toEqual([expect.stringMatching(/^Fraunces/)]);
      // The head script's preload, answered by the cache (no bytes over the network), and the only request.
      expect(view.requests, target).toEqual([{ initiatorType: 'link', startTime: expect.any(Number), transferSize: 0 }]);
      expect(view.layoutShift, target).toBe(0);
    }
  });

  it('drops a key that names another file (a new build\'s font): the visitor\'s serif again, until this file is cached', async () => {
    const { page, url } = await open();
    await page.goto(`${url}/`);
    // Once this page's own warm-up has stored its key, so it cannot overwrite the old one set here.
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, KEY, { timeout: 10_000 });
    await page.evaluate((key) => localStorage.setItem(key, '/assets/fonts/fraunces-latin-600-normal-OLDHASH0.woff2'), KEY);
    await page.reload();
    const view = await viewOf(page);
    expect(view.htmlFraunces).toBe(false);
    expectNoFontBeforePaint(view);
    await page.waitForFunction((key) => localStorage.getItem(key)?.endsWith('OLDHASH0.woff2') === false, KEY, { timeout: 10_000 });
    expect(await cachedKey(page)).toBe(displayFont);
  });
});
