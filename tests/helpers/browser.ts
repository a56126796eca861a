/**
 * Debian's Chromium (launched by the harness) and the built server for a test file, and a watcher that records
 * every console error, page error and CSP violation of a page.
 */
import { afterAll, afterEach, expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium, type RunningServer, startBuiltServer } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';

export interface PageProblems {
  /** Console messages of type "error": Chromium reports CSP violations and failed loads there too. */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections in the page. */
  pageErrors: string[];
}

/** Where JavaScript runs, securitypolicyviolation events are also kept, to be read by cspViolationsOf. */
const CSP_PROBE = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
`;

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

/** A new context and page whose console errors and page errors are recorded from the first request on. */
export async function openWatchedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  // Every wait of Playwright's (a load, a selector, a click's target) fails with its own message before the test's timeout.
  context.setDefaultTimeout(WAIT_BOUND_MS);
  await context.addInitScript({ content: CSP_PROBE });
  const page = await context.newPage();
  const problems: PageProblems = { consoleErrors: [], pageErrors: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(`${page.url()}: ${error.message}`));
  return { context, page, problems };
}

/**
 * Every recorded problem, as lines. A page served with status 404 makes Chromium log one "Failed to load
 * resource" line for the document itself: `notFoundUrls` lists the documents for which that line is expected.
 */
export function unexpectedProblems(problems: PageProblems, notFoundUrls: string[] = []): string[] {
  const expected = new Set(notFoundUrls.map((url) => `${url}: Failed to load resource: the server responded with a status of 404 (Not Found)`));
  return [...problems.consoleErrors.filter((line) => !expected.has(line)), ...problems.pageErrors];
}

/** The CSP violations the page saw since it loaded (none can be seen where JavaScript is disabled). */
export async function cspViolationsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/**
 * A visitor's first gesture (a key that does nothing by itself), then the wait until the page's script has laid out
 * every block the first paint skipped and marked the html: it does so only once the page is being used.
 */
export async function layOutWholePage(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => document.documentElement.classList.contains('laid-out'));
}

/**
 * Stops the page's timers where they are: a toast's lifetime then never runs out while a slow machine is still
 * checking it, and the test moves the page's time on itself (`page.clock.runFor`). The page must have loaded after
 * `page.clock.install()`. It pauses ten seconds ahead of the page's clock, since that clock may only jump forward and
 * runs on while the page's time travels to the test and back; timers due meanwhile fire once.
 */
export async function pausePageTimers(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
}

/** Waits until an island's root carries data-hydrated="true"; it is scrolled to first, for `visible` islands. */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  await page.locator(`[data-island="${name}"]`).scrollIntoViewIfNeeded();
  await page.waitForSelector(`[data-island="${name}"][data-hydrated="true"]`, { state: 'attached' });
}

export interface Rig {
  browser: Browser;
  server: RunningServer;
}

/** One Chromium for the whole test file, whatever number of rigs and tabs it has: started by the first, closed after the last test. */
let chromium: Promise<Browser> | undefined;
export const fileChromium = (): Promise<Browser> => (chromium ??= launchChromium());
afterAll(async () => {
  await (await chromium?.catch(() => undefined))?.close();
});

/**
 * The file's Chromium and a built server with `env`, started by the first test that asks for them.
 * Every test awaits them, so a missing Chromium FAILS each test with the message above; a throwing
 * beforeAll would only have them reported as skipped.
 */
export function browserRig(env: Record<string, string>): { get(): Promise<Rig>; close(): Promise<void> } {
  let rig: Promise<Rig> | undefined;
  return {
    get() {
      rig ??= (async () => {
        // The browser first: without Chromium no server is left running.
        const browser = await fileChromium();
        return { browser, server: await startBuiltServer(env) };
      })();
      return rig;
    },
    async close() {
      const started = await rig?.catch(() => undefined);
      await started?.server.stop();
    },
  };
}

/**
 * The pages a test file opens: after each test their contexts are closed, and any console error, page
 * error or CSP violation one of them saw fails that test (a 404 document's own load error excepted).
 */
export function checkedPages(): { add(watched: WatchedPage, notFoundUrls?: string[]): void } {
  const opened: { watched: WatchedPage; notFound: string[] }[] = [];
  afterEach(async () => {
    const problems: string[] = [];
    for (const { watched, notFound } of opened.splice(0)) {
      for (const problem of unexpectedProblems(watched.problems, notFound)) problems.push(problem);
      await watched.context.close();
    }
    expect(problems).toEqual([]);
  });
  return { add: (watched, notFoundUrls = []) => void opened.push({ watched, notFound: notFoundUrls }) };
}

export interface KeptPageOptions {
  /** false: the tab whose context runs no script of the page. */
  javaScript?: boolean;
  /** Playwright's default, 1280 × 720, unless said. */
  viewport?: { width: number; height: number };
  reducedMotion?: 'reduce' | 'no-preference';
  /** Documents served with status 404 in this test: Chromium's "Failed to load resource" line for each is expected. */
  notFoundUrls?: string[];
  /** Fragments of console lines this test expects (a script it has the policy refuse, a 503 document's load). */
  expected?: string[];
}

/**
 * The tabs a test file shows its pages in, kept from one test to the next: one with JavaScript and one without, each
 * made once in the file's Chromium and taken by each test to the size, the motion preference and the page it asks
 * for. A new tab costs the browser a renderer process of its own, most of a short test's time; a page loaded in a
 * kept tab is a new document all the same. After each test, any console error, page error or CSP violation a tab
 * saw fails it, and the record starts again for the next. A test whose page keeps something of it past its own end
 * (a paused clock, a permission, an init script, a route) opens a page of its own with openWatchedPage.
 */
export function keptPages({
  setUp = async () => {},
  refusesPageScripts = false,
}: {
  /** What each tab's context is given before its first page. */
  setUp?: (context: BrowserContext) => Promise<void>;
  /** Its setUp has the policy refuse every page script: the violations that makes are the point, not a fault. */
  refusesPageScripts?: boolean;
} = {}): {
  page(options?: KeptPageOptions): Promise<WatchedPage>;
} {
  const tabs = new Map<boolean, Promise<WatchedPage>>();
  /** The tabs this test used, and what each of its documents may leave in the console. */
  const shown = new Map<WatchedPage, { javaScript: boolean; notFound: string[]; expected: string[] }>();
  afterEach(async ({ task }) => {
    const used = [...shown];
    shown.clear();
    // A test that failed may have left its tab mid-way (a load, a wait): the next test gets a new one.
    if (task.result?.state === 'fail') {
      for (const [watched, { javaScript }] of used) {
        tabs.delete(javaScript);
        await watched.context.close();
      }
      return;
    }
    const problems: string[] = [];
    for (const [watched, { javaScript, notFound, expected }] of used) {
      if (javaScript && !refusesPageScripts && !watched.page.isClosed())
        for (const violation of await cspViolationsOf(watched.page)) problems.push(`CSP: ${violation}`);
      for (const line of unexpectedProblems(watched.problems, notFound)) if (!expected.some((fragment) => line.includes(fragment))) problems.push(line);
      watched.problems.consoleErrors.length = 0;
      watched.problems.pageErrors.length = 0;
    }
    expect(problems).toEqual([]);
  });
  afterAll(async () => {
    for (const tab of tabs.values()) await (await tab.catch(() => undefined))?.context.close();
  });
  return {
    async page({ javaScript = true, viewport = { width: 1280, height: 720 }, reducedMotion = 'no-preference', notFoundUrls = [], expected = [] } = {}) {
      let tab = tabs.get(javaScript);
      if (!tab) {
        tab = (async () => {
          const watched = await openWatchedPage(await fileChromium(), { javaScriptEnabled: javaScript });
          await setUp(watched.context);
          return watched;
        })();
        tabs.set(javaScript, tab);
      }
      const watched = await tab;
      await watched.page.setViewportSize(viewport);
      await watched.page.emulateMedia({ reducedMotion });
      // Focused, as a tab a visitor has just opened: a keyboard walk that took the focus out of the page (past its last
      // stop) would otherwise leave the next test's first exit going round the page once more.
      await watched.page.bringToFront();
      const allowed = shown.get(watched) ?? { javaScript, notFound: [], expected: [] };
      allowed.notFound.push(...notFoundUrls);
      allowed.expected.push(...expected);
      shown.set(watched, allowed);
      return watched;
    },
  };
}
