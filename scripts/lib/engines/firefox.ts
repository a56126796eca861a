/**
 * Debian's Firefox ESR through puppeteer-core, over WebDriver BiDi, which Firefox speaks itself: no geckodriver,
 * no download. Firefox has no per-page switch for JavaScript over BiDi, so "JavaScript off" is a second Firefox
 * started with its own preference turned off, the way a visitor turns it off.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'puppeteer-core';
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
  return {
    name: 'firefox',
    width: PHONE.width,
    async open(origin, { javaScript, clock = false, viewport = PHONE }) {
      const context = await (await browser(javaScript)).createBrowserContext();
      const page = await context.newPage();
      // A page that never loads fails its test saying so, before the test's own timeout.
      page.setDefaultTimeout(WAIT_BOUND_MS);
      await page.setViewport(viewport);
      if (javaScript) await page.evaluateOnNewDocument(await probeSource({ clock }));
      const reported: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') reported.push(`${message.location().url || page.url()}: console: ${message.text()}`);
      });
      page.on('pageerror', (error) => reported.push(`${page.url()}: ${error instanceof Error ? error.message : String(error)}`));
      return pageOf(origin, {
        navigate: async (url) => void (await page.goto(url)),
        run: (expression) => page.evaluate(expression),
        // By position: puppeteer's own click waits on an IntersectionObserver, which never reports with JavaScript off.
        async click(selector) {
          const { x, y } = await settledCenter((expression) => page.evaluate(expression), selector);
          await page.mouse.click(x, y);
        },
        takeReported: () => reported.splice(0),
        screenshot: () => page.screenshot({ fullPage: true }),
        close: () => context.close(),
      });
    },
    close: closeAll,
  };
}
