/**
 * What the cross-engine tests ask of a browser: open a fresh page on the site, go to a path, run a function in
 * the page, click, and say what went wrong. Each engine has its own driver (chromium.ts, firefox.ts, webkit.ts);
 * the behaviours in tests/browser/engines.test.ts are written once against this.
 */

import { WAIT_BOUND_MS } from '../testBudget.ts';

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface OpenOptions {
  /** The browser's own switch: false runs no script of the page at all. */
  javaScript: boolean;
  /** The page's clocks replaced by one the test pauses and moves on (pageProbe.ts); JavaScript on only. */
  clock?: boolean;
  /** The viewport, in CSS pixels: a phone's (PHONE) unless said otherwise. */
  viewport?: Viewport;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface EnginePage {
  /** Loads `path` of the site and waits for its load event. */
  goto(path: string): Promise<void>;
  /** Runs `fn` in the page (not as a page script: it works with JavaScript off) and returns its settled result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** A real pointer click in the middle of the first element matching `selector`, scrolled into view. */
  click(selector: string): Promise<void>;
  /** Every fault seen on every document this page showed: the probe's, and the engine's own console where it reports one. */
  problems(): Promise<string[]>;
  /** The whole page as the engine paints it, as PNG bytes. */
  screenshot(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  /** The width the pages are laid out at, in CSS pixels. */
  width: number;
  /** A new page on the site at `origin`, with no cookies or storage from another. */
  open(origin: string, options: OpenOptions): Promise<EnginePage>;
  close(): Promise<void>;
}

/** A phone's width, where visitors from Instagram and TikTok read the page. */
export const PHONE: Viewport = { width: 390, height: 844 };
/** A laptop's screen. */
export const LAPTOP: Viewport = { width: 1280, height: 800 };

/** Polls `fn` in the page until it returns something truthy, and returns that; past `timeoutMs`, fails saying `what`. */
export async function waitInPage<A extends unknown[], R>(
  page: EnginePage,
  what: string,
  fn: (...args: A) => R,
  args: A,
  timeoutMs = WAIT_BOUND_MS,
): Promise<NonNullable<Awaited<R>>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.evaluate(fn, ...args);
    if (value) return value as NonNullable<Awaited<R>>;
    if (Date.now() > until) throw new Error(`waited for ${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The middle of the element, in the viewport, once it is scrolled to and stays put: blocks laid out late
 * (content-visibility: auto) take their real size only as they come near, moving what is below them. Read
 * from outside the page, so it works with JavaScript off too (a page's own frame callbacks do not run then).
 */
export async function settledCenter(run: (expression: string) => Promise<unknown>, selector: string): Promise<{ x: number; y: number }> {
  // Scrolled to when out of view; otherwise only read, so that a block that grows above it shows as movement.
  const read = `(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) return null;
    let box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) {
      element.scrollIntoView({ block: 'center', behavior: 'instant' });
      box = element.getBoundingClientRect();
    }
    return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  })()`;
  let last = '';
  let same = 0;
  let found = false;
  for (const until = Date.now() + WAIT_BOUND_MS; Date.now() < until; ) {
    // None yet is not none at all: a page whose address has changed may still be parsing what comes after it.
    const center = (await run(read)) as { x: number; y: number } | null;
    found ||= center !== null;
    const at = JSON.stringify(center);
    same = center && at === last ? same + 1 : 0;
    // Three reads in a row at the same place: a block that was going to grow has had frames enough to do so.
    if (center && same === 2) return center;
    last = at;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(found ? `waited for ${selector} to stay put: not within ${WAIT_BOUND_MS} ms` : `No element matches ${selector} within ${WAIT_BOUND_MS} ms`);
}

/** What a driver does for a page, in its own terms; pageOf makes an EnginePage of it. */
export interface PageDriver {
  navigate(url: string): Promise<void>;
  /** Evaluates a JavaScript expression in the page and returns its value, a promise settled first. */
  run(expression: string): Promise<unknown>;
  click(selector: string): Promise<void>;
  /** Where the engine reports console errors and uncaught errors itself, what it reported since the last call. */
  takeReported(): string[];
  screenshot(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Takes the probe's record from the current document ([] where the probe never ran: JavaScript off, about:blank). */
const takeProbeProblems = `(() => { const probe = window.__engineProbe; return probe ? probe.problems.splice(0).map((line) => location.pathname + ': ' + line) : []; })()`;

/**
 * An EnginePage over a driver. Functions reach the page as their source with JSON arguments, as WebDriver
 * sends them, so every engine runs the same code; the probe's record is carried over before each navigation.
 */
export function pageOf(origin: string, driver: PageDriver): EnginePage {
  const seen: string[] = [];
  const carry = async (): Promise<void> => {
    seen.push(...((await driver.run(takeProbeProblems)) as string[]));
  };
  return {
    async goto(path) {
      await carry();
      await driver.navigate(`${origin}${path}`);
    },
    evaluate: async (fn, ...args) => (await driver.run(`(${fn.toString()})(...${JSON.stringify(args)})`)) as never,
    click: (selector) => driver.click(selector),
    async problems() {
      await carry();
      return [...seen.splice(0), ...driver.takeReported()];
    },
    screenshot: () => driver.screenshot(),
    close: () => driver.close(),
  };
}
