/**
 * The landing page as a slow network delivers it: in two pieces, the second held back until Chromium has painted
 * the first. Split anywhere in the hero's rows, nothing a visitor sees may move when the rest arrives. A proxy in
 * front of the real built server does the splitting; headers (the CSP with its hashes) pass unchanged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { browserRig, checkedPages, openWatchedPage } from '../helpers/browser';
import { sellingEnv } from '../helpers/process';

/** What a response says about its own transfer: the proxy sends the body again, decoded and in pieces. */
const TRANSFER_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

const rig = browserRig(sellingEnv(86_400_000));
const pages = checkedPages();
afterAll(() => rig.close());

interface SplittingProxy {
  url: string;
  html: string;
  setSplit(at: number): void;
  /** Sends the rest of the page held back. */
  release(): void;
  close(): void;
}

/** A proxy whose `/` sends the first `split` characters of the page, and the rest on release(); other paths pass whole. */
async function splittingProxy(origin: string): Promise<SplittingProxy> {
  const html = await (await fetch(`${origin}/`)).text();
  let split = html.length;
  let release = (): void => undefined;
  const proxy = http.createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(`${origin}${request.url ?? '/'}`, { headers: { 'accept-encoding': 'identity' } });
      const body = request.url === '/' ? html : Buffer.from(await upstream.arrayBuffer());
      response.writeHead(upstream.status, Object.fromEntries([...upstream.headers].filter(([name]) => !TRANSFER_HEADERS.has(name))));
      if (typeof body !== 'string') {
        response.end(body);
        return;
      }
      const rest = body.slice(split);
      response.write(body.slice(0, split));
      release = () => void response.end(rest);
    })();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    html,
    setSplit: (at) => {
      split = at;
    },
    release: () => release(),
    close: () => {
      proxy.closeAllConnections();
      proxy.close();
    },
  };
}

/** Every place a tag starts, from the hero's buttons to the hero's end: its two centred rows and its last line. */
function splitPoints(html: string): number[] {
  const from = html.indexOf('<div class="hero__actions"');
  const to = html.indexOf('</section>', from);
  expect(from, "the hero's buttons").toBeGreaterThan(0);
  const points: number[] = [];
  for (let at = from; at < to; at += 1) if (html[at] === '<') points.push(at);
  return points;
}

/** The layout shifts of a load, with what moved, recorded from the document's start. */
const SHIFT_PROBE = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__shifts.push(entry.value.toFixed(4) + ' ' + entry.sources.map((source) => source.node && source.node.nodeType === 1 ? source.node.className : 'text').join(', '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

describe('the landing page on a slow network', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    it(`shows the hero without a layout shift wherever the network pauses in its rows (${viewport.width} px)`, async () => {
      const { browser, server } = await rig.get();
      const site = await splittingProxy(server.url);
      const shifts: string[] = [];
      try {
        for (const at of splitPoints(site.html)) {
          site.setSplit(at);
          const watched = await openWatchedPage(browser, { viewport });
          pages.add(watched);
          await watched.context.addInitScript({ content: SHIFT_PROBE });
          await watched.page.goto(`${site.url}/`, { waitUntil: 'commit' });
          // What has arrived is on the screen, and stays there for a frame more, before the rest comes.
          await watched.page.waitForFunction(() => performance.getEntriesByName('first-paint').length > 0);
          await watched.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          site.release();
          await watched.page.waitForLoadState('load');
          await expect.poll(() => watched.page.evaluate(() => getComputedStyle(document.querySelector('.hero__inner')!).visibility)).toBe('visible');
          const seen = await watched.page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
          shifts.push(...seen.map((shift) => `split before ${JSON.stringify(site.html.slice(at, at + 40))}: ${shift}`));
          await watched.context.close();
        }
      } finally {
        site.close();
      }
      expect(shifts).toEqual([]);
    });
  }
});
