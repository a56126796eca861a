/**
 * The headings' face in a real Chromium: the visitor's own bold serif (here DejaVu Serif, through the
 * size-adjusted local() face), on every visit, with JavaScript on or off. No font file is ever requested, nothing
 * is stored on the device, and nothing shifts.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserRig, checkedPages, layOutWholePage, openWatchedPage, type WatchedPage } from '../helpers/browser';
import { sellingEnv } from '../../scripts/lib/harness';

const rig = browserRig(sellingEnv(86_400_000));
const pages = checkedPages();
afterAll(() => rig.close());

async function open(
  options: Parameters<typeof openWatchedPage>[1] = {},
  notFoundPaths: string[] = [],
): Promise<WatchedPage & { url: string; fonts: string[] }> {
  const { browser, server } = await rig.get();
  const watched = await openWatchedPage(browser, options);
  pages.add(
    watched,
    notFoundPaths.map((path) => `${server.url}${path}`),
  );
  const fonts: string[] = [];
  watched.page.on('request', (request) => {
    if (request.resourceType() === 'font' || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) fonts.push(request.url());
  });
  return { ...watched, url: server.url, fonts };
}

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

interface HeadingView {
  h1Family: string;
  layoutShift: number;
  storedKeys: number;
}

const viewOf = (page: Page): Promise<HeadingView> =>
  page.evaluate(async () => {
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
    return { h1Family: getComputedStyle(document.querySelector('h1')!).fontFamily, layoutShift, storedKeys: localStorage.length };
  });

describe('the headings', () => {
  it("use the visitor's own serif on a first visit and on the next, on both pages, with no font request, nothing stored and no shift", async () => {
    const { page, url, fonts } = await open();
    for (const visit of ['first', 'next']) {
      for (const target of ['/', '/prompt1']) {
        await page.goto(`${url}${target}`, { waitUntil: 'load' });
        // Until the page is in use and has laid out its later blocks: nothing is fetched or stored then either.
        await layOutWholePage(page);
        const view = await viewOf(page);
        expect(view.h1Family, `${visit} ${target}`).toMatch(/^"Heading Georgia", "Heading Noto Serif", "Heading DejaVu Serif"/);
        expect(await h1Faces(page), `${visit} ${target}`).toEqual([expect.stringMatching(/^DejaVu Serif/)]);
        expect(view.layoutShift, `${visit} ${target}`).toBe(0);
        expect(view.storedKeys, `${visit} ${target}`).toBe(0);
      }
    }
    expect(fonts).toEqual([]);
  });

  it('look the same without JavaScript, and ask for no font', async () => {
    const { page, url, fonts } = await open({ javaScriptEnabled: false }, ['/no-existe']);
    for (const target of ['/', '/prompt1', '/no-existe']) {
      await page.goto(`${url}${target}`, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily), target).toMatch(/^"Heading Georgia"/);
      expect(await h1Faces(page), target).toEqual([expect.stringMatching(/^DejaVu Serif/)]);
    }
    expect(fonts).toEqual([]);
  });
});
