/** Debian's Chromium through playwright-core, as every other browser test drives it. */
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../harness.ts';
import { type Engine, PHONE, pageOf } from './engine.ts';
import { probeSource } from './probe.ts';
import { WAIT_BOUND_MS } from '../testBudget.ts';

interface Tab {
  context: BrowserContext;
  page: Page;
  /** What Chromium reported since the page was last opened. */
  reported: string[];
  /** The origins the clipboard is granted on. */
  granted: Set<string>;
}

export async function chromiumEngine(): Promise<Engine> {
  const browser = await launchChromium();
  // One tab for each kind of page (JavaScript on or off, the probe's clock or not), kept from one page to the next: a
  // new one costs Chromium a renderer process, most of a short test's time. Each page opened in it is a new document
  // with nothing of the last (close() leaves no cookie, no storage, and about:blank).
  const tabs = new Map<string, Promise<Tab>>();
  const tabFor = (javaScript: boolean, clock: boolean): Promise<Tab> => {
    const key = `${javaScript}:${clock}`;
    const existing = tabs.get(key);
    if (existing) return existing;
    const made = (async (): Promise<Tab> => {
      const context = await browser.newContext({ javaScriptEnabled: javaScript });
      // A page that never loads fails its test saying so, before the test's own timeout.
      context.setDefaultTimeout(WAIT_BOUND_MS);
      await context.addInitScript({ content: await probeSource({ clock }) });
      const page = await context.newPage();
      const tab: Tab = { context, page, reported: [], granted: new Set() };
      page.on('console', (message) => {
        if (message.type() === 'error') tab.reported.push(`${page.url()}: console: ${message.text()}`);
      });
      page.on('pageerror', (error) => tab.reported.push(`${page.url()}: ${error.message}`));
      return tab;
    })();
    tabs.set(key, made);
    return made;
  };
  return {
    name: 'chromium',
    width: PHONE.width,
    async open(origin, { javaScript, clock = false, viewport = PHONE }) {
      const tab = await tabFor(javaScript, clock);
      const { context, page } = tab;
      // Lets the test read the clipboard back; the page's own write, from a click, needs no grant.
      if (!tab.granted.has(origin)) {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
        tab.granted.add(origin);
      }
      await page.setViewportSize(viewport);
      tab.reported.length = 0;
      return pageOf(origin, {
        navigate: async (url) => void (await page.goto(url)),
        run: (expression) => page.evaluate(expression),
        click: (selector) => page.click(selector),
        takeReported: () => tab.reported.splice(0),
        screenshot: () => page.screenshot({ fullPage: true }),
        async close() {
          // The next page starts clean: no cookie, no storage, nothing left loaded.
          await context.clearCookies();
          if (javaScript)
            await page.evaluate(() => {
              try {
                localStorage.clear();
                sessionStorage.clear();
              } catch {}
            });
          await page.goto('about:blank');
        },
      });
    },
    close: () => browser.close(),
  };
}
