/**
 * Debian's Firefox ESR through puppeteer-core, over WebDriver BiDi, which Firefox speaks itself: no geckodriver,
 * no download. Firefox has no per-page switch for JavaScript over BiDi, so "JavaScript off" is a second Firefox
 * started with its own preference turned off, the way a visitor turns it off.
 */
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { type Engine, PHONE, pageOf, settledCenter } from './engine.ts';
import { probeSource } from './probe.ts';
import { WAIT_BOUND_MS } from '../testBudget.ts';

const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

async function launchFirefox(javaScript: boolean): Promise<Browser> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(`No Firefox at ${FIREFOX_PATH}: install Debian's package (apt-get install -y firefox-esr) or set FIREFOX_PATH`);
  }
  const puppeteer = await import('puppeteer-core');
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    timeout: WAIT_BOUND_MS,
    extraPrefsFirefox: {
      'javascript.enabled': javaScript,
      // Scrollbars over the page, as on a phone: a classic scrollbar would take 12 of the 390 px.
      'ui.useOverlayScrollbars': 1,
      // Lets the test read the clipboard back without Firefox's paste menu; the page's own write is untouched.
      'dom.events.testing.asyncClipboard': true,
    },
  });
}

interface Tab {
  page: Page;
  /** What Firefox reported since the page was last opened. */
  reported: string[];
}

export async function firefoxEngine(): Promise<Engine> {
  const browsers = new Map<boolean, Promise<Browser>>();
  const browser = (javaScript: boolean): Promise<Browser> => {
    const started = browsers.get(javaScript) ?? launchFirefox(javaScript);
    browsers.set(javaScript, started);
    return started;
  };
  const closeAll = async (): Promise<void> => {
    for (const started of browsers.values()) await (await started.catch(() => undefined))?.close();
  };
  // Both are started at once, side by side; the one without JavaScript is awaited only when first used.
  browser(false).catch(() => undefined);
  try {
    await browser(true);
  } catch (error) {
    await closeAll();
    throw error;
  }
  // One page for each kind (JavaScript on or off, the probe's clock or not), kept from one page to the next: a new
  // context and page cost Firefox a content process's work, most of a short test's time. Each page opened in it is a
  // new document with nothing of the last (close() leaves no cookie, no storage, and about:blank).
  const tabs = new Map<string, Promise<Tab>>();
  const tabFor = (javaScript: boolean, clock: boolean): Promise<Tab> => {
    const key = `${javaScript}:${clock}`;
    const existing = tabs.get(key);
    if (existing) return existing;
    const made = (async (): Promise<Tab> => {
      const context = await (await browser(javaScript)).createBrowserContext();
      const page = await context.newPage();
      // A page that never loads fails its test saying so, before the test's own timeout.
      page.setDefaultTimeout(WAIT_BOUND_MS);
      if (javaScript) await page.evaluateOnNewDocument(await probeSource({ clock }));
      const tab: Tab = { page, reported: [] };
      page.on('console', (message) => {
        if (message.type() === 'error') tab.reported.push(`${message.location().url || page.url()}: console: ${message.text()}`);
      });
      page.on('pageerror', (error) => tab.reported.push(`${page.url()}: ${error instanceof Error ? error.message : String(error)}`));
      return tab;
    })();
    tabs.set(key, made);
    return made;
  };
  return {
    name: 'firefox',
    width: PHONE.width,
    async open(origin, { javaScript, clock = false, viewport = PHONE }) {
      const tab = await tabFor(javaScript, clock);
      const { page } = tab;
      // The tab in front, as the visitor's is: Firefox gives a tab behind another no idle time until its callbacks time out.
      await page.bringToFront();
      await page.setViewport(viewport);
      tab.reported.length = 0;
      return pageOf(origin, {
        navigate: async (url) => void (await page.goto(url)),
        run: (expression) => page.evaluate(expression),
        // By position: puppeteer's own click waits on an IntersectionObserver, which never reports with JavaScript off.
        async click(selector) {
          const { x, y } = await settledCenter((expression) => page.evaluate(expression), selector);
          await page.mouse.click(x, y);
        },
        takeReported: () => tab.reported.splice(0),
        screenshot: () => page.screenshot({ fullPage: true }),
        async close() {
          // The next page starts clean: no cookie, no storage, nothing left loaded.
          await page.deleteCookie(...(await page.cookies()));
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
    close: closeAll,
  };
}
