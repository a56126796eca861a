/**
 * The landing page as a slow network delivers it: in pieces, each held back until Chromium has painted the one
 * before. Paused anywhere in the hero's rows, nothing a visitor sees may move when the rest arrives. A proxy in
 * front of the real built server does the splitting; headers (the CSP with its hashes) pass unchanged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserRig, keptPages } from '../helpers/browser';
import { sellingEnv } from '../../scripts/lib/harness';

/** What a response says about its own transfer: the proxy sends the body again, decoded and in pieces. */
const TRANSFER_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

const rig = browserRig(sellingEnv(86_400_000));
afterAll(() => rig.close());

interface PausingProxy {
  url: string;
  html: string;
  /** Sends the page's next piece, up to `at` characters. */
  sendUpTo(at: number): void;
  /** Sends the rest of the page. */
  finish(): void;
  close(): void;
}

/** A proxy whose `/` is sent a piece at a time, each when the test says; other paths pass whole. */
async function pausingProxy(origin: string): Promise<PausingProxy> {
  const html = await (await fetch(`${origin}/`)).text();
  let sent = 0;
  let page: http.ServerResponse | undefined;
  const proxy = http.createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(`${origin}${request.url ?? '/'}`, { headers: { 'accept-encoding': 'identity' } });
      const body = request.url === '/' ? undefined : Buffer.from(await upstream.arrayBuffer());
      response.writeHead(upstream.status, Object.fromEntries([...upstream.headers].filter(([name]) => !TRANSFER_HEADERS.has(name))));
      if (body) {
        response.end(body);
        return;
      }
      // Node holds headers back until the body's first bytes: the browser commits the page on them alone.
      response.flushHeaders();
      page = response;
    })();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const sendUpTo = (at: number): void => {
    if (!page) throw new Error('The page has not been asked for yet');
    page.write(html.slice(sent, at));
    sent = at;
  };
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    html,
    sendUpTo,
    finish: () => {
      sendUpTo(html.length);
      page?.end();
    },
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

/**
 * How many elements the parser has put in the document once it has read `html` up to `at`: every start tag before it,
 * none inside a script or style, nor inside a template (whose content is a fragment of its own), closed yet or not.
 */
const elementsBefore = (html: string, at: number): number =>
  html
    .slice(0, at)
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?(<\/\1>|$)/g, '<$1>')
    .match(/<[a-zA-Z]/g)?.length ?? 0;

/** The layout shifts of a load, with what moved, recorded from the document's start. */
const SHIFT_PROBE = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__shifts.push(entry.value.toFixed(4) + ' ' + entry.sources.map((source) => source.node && source.node.nodeType === 1 ? source.node.className : 'text').join(', '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * Resolves once the page has parsed `elements` elements and painted, and two frames more have passed: what it had
 * parsed is laid out and on the screen.
 */
/** A tab whose every document records its layout shifts from its start. */
const kept = keptPages({
  setUp: async (context) => {
    await context.addInitScript({ content: SHIFT_PROBE });
  },
});

const parsedAndPainted = (page: Page, elements: number): Promise<unknown> =>
  page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let frames = 0;
        const frame = (): void => {
          const ready = document.getElementsByTagName('*').length >= count && performance.getEntriesByName('first-paint').length > 0;
          frames = ready ? frames + 1 : 0;
          if (frames > 2) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    elements,
  );

describe('the landing page on a slow network', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    it(`shows the hero without a layout shift wherever the network pauses in its rows (${viewport.width} px)`, async () => {
      const { server } = await rig.get();
      const site = await pausingProxy(server.url);
      const shifts: string[] = [];
      try {
        const watched = await kept.page({ viewport });
        await watched.page.goto(`${site.url}/`, { waitUntil: 'commit' });
        // One load, paused before every tag of the hero's rows: each piece is parsed and on the screen, and stays
        // there for a frame more, before the next arrives. Any shift is put down to the pause it followed.
        let seen = 0;
        for (const at of splitPoints(site.html)) {
          site.sendUpTo(at);
          await parsedAndPainted(watched.page, elementsBefore(site.html, at));
          const all = await watched.page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
          for (const shift of all.slice(seen)) shifts.push(`paused before ${JSON.stringify(site.html.slice(at, at + 40))}: ${shift}`);
          seen = all.length;
        }
        site.finish();
        await watched.page.waitForLoadState('load');
        await expect.poll(() => watched.page.evaluate(() => getComputedStyle(document.querySelector('.hero__inner')!).visibility)).toBe('visible');
        await parsedAndPainted(watched.page, 0);
        const all = await watched.page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
        for (const shift of all.slice(seen)) shifts.push(`once the rest arrived: ${shift}`);
      } finally {
        site.close();
      }
      expect(shifts).toEqual([]);
    });
  }
});
