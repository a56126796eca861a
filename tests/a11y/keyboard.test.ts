/**
 * The site with a keyboard only, in a real Chromium: the Tab order of every page, a visible focus
 * indicator and an unobscured element at every stop, no trap, the skip link, the FAQ with Enter and
 * Space, and the copy buttons and their toast.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes';
import { details, faq, hero, pillars, pricing } from '../../shared/content/landingPageWords';
import { consentLine } from '../../shared/content/legalTexts';
import { promptCopy, promptPage } from '../../shared/content/promptPageWords';
import { footer, nav, prices, site } from '../../shared/content/siteFacts';
import { blend, contrastRatio, parseColor, type Rgba } from '../helpers/axe';
import { browserRig, checkedPages, keptPages, openWatchedPage, pausePageTimers, type WatchedPage, waitForIsland } from '../helpers/browser';
import { sellingEnv } from '../../scripts/lib/harness';

const CHECKOUT_URL = 'https://pay.example.org/taller-teclado';
const CONTACT_EMAIL = 'hola@ejemplo-taller.org';
const NOT_FOUND_PATH = '/no-hay-tal-pagina';

const rig = browserRig({ ...sellingEnv(30 * 86_400_000), CHECKOUT_URL, CONTACT_EMAIL });
const kept = keptPages();
const opened = checkedPages();

afterAll(() => rig.close());

interface VisitOptions {
  javaScript?: boolean;
  width?: number;
  /**
   * A visitor who asked for reduced motion: the page never scrolls smoothly, so the scroll a focus causes is done by
   * the time the key press returns. The walks use it: where a stop ends up is the same either way (the smooth
   * scroll itself is checked in layout.test.ts), and nothing waits for a scroll to come to rest.
   */
  reducedMotion?: boolean;
  /** The page's timers on Playwright's clock, paused once the islands are awake (a toast stays until the test moves it). */
  pausedTimers?: boolean;
}

async function visit(
  path: string,
  { javaScript = true, width = 1280, reducedMotion = false, pausedTimers = false }: VisitOptions = {},
): Promise<{ page: Page; url: string; watched: WatchedPage }> {
  const { browser, server } = await rig.get();
  const options = { viewport: { width, height: width < 600 ? 844 : 800 }, reducedMotion: reducedMotion ? 'reduce' : 'no-preference' } as const;
  const url = `${server.url}${path}`;
  const notFoundUrls = path === NOT_FOUND_PATH ? [url] : [];
  // A paused clock stays with its page: that one gets a page of its own.
  const watched = pausedTimers
    ? await openWatchedPage(browser, { javaScriptEnabled: javaScript, ...options })
    : await kept.page({ javaScript, ...options, notFoundUrls });
  if (pausedTimers) {
    opened.add(watched, notFoundUrls);
    await watched.page.clock.install();
  }
  await watched.page.goto(url);
  if (javaScript && path === '/') await waitForIsland(watched.page, 'countdown');
  if (javaScript && path === '/prompt1') await watched.page.locator('.copy-button[data-ready="true"]').first().waitFor({ state: 'visible' });
  if (pausedTimers) await pausePageTimers(watched.page);
  if (javaScript) await watched.page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return { page: watched.page, url: server.url, watched };
}

/** What is known about the focused element, once any scrolling its focus caused has come to rest. */
interface Stop {
  /** Tag and accessible name, like "a Precios"; "body" when nothing is focused. */
  label: string;
  width: number;
  height: number;
  inViewport: boolean;
  /** Not covered by anything painted over it (the fixed top bar above all). */
  unobscured: boolean;
  focusVisible: boolean;
  outline: string;
  outlineWidth: number;
  boxShadow: string;
  /** Outline colour, and the background it is drawn over (the nearest opaque background up the tree). */
  outlineColor: string;
  backdrop: string[];
}

/**
 * The focused element once any scrolling its focus caused has come to rest. Where the page scrolls smoothly (with
 * JavaScript, once every block is laid out, unless the visitor asked for reduced motion), the page's own frames tell
 * when the focused stop is in view and the scroll position has held still for three of them; a stop that never
 * comes into view is judged as it is after five seconds, however busy the machine (the checks below then fail).
 */
async function currentStop(page: Page): Promise<Stop> {
  return page.evaluate(async () => {
    if (getComputedStyle(document.documentElement).scrollBehavior === 'smooth') {
      const giveUpAt = performance.now() + 5_000;
      await new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const inView = (): boolean => {
          const rect = document.activeElement?.getBoundingClientRect();
          if (!rect) return true;
          // A stop taller than the viewport (the prompt text) is in view once it covers it.
          if (rect.height > window.innerHeight) return rect.top < window.innerHeight && rect.bottom > 0;
          return rect.top >= -1 && rect.bottom <= window.innerHeight + 1;
        };
        const frame = (): void => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if ((still >= 3 && inView()) || performance.now() > giveUpAt) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
    }
    // A stop that moves or changes as it takes focus (the skip link slides in) is judged where its transition ends.
    await Promise.all((document.activeElement?.getAnimations() ?? []).map((animation) => animation.finished));
    const element = document.activeElement;
    if (!element || element === document.body) {
      return {
        label: 'body',
        width: 0,
        height: 0,
        inViewport: false,
        unobscured: false,
        focusVisible: false,
        outline: '',
        outlineWidth: 0,
        boxShadow: '',
        outlineColor: '',
        backdrop: [],
      };
    }
    // biome-ignore lint/performance/useDomNodeTextContent: the accessible name is the rendered text, which innerText gives
    const name = (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim();
    const rect = element.getBoundingClientRect();
    const bar = document.querySelector('.topbar');
    const barBottom = bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().bottom : 0;
    const style = getComputedStyle(element);
    const backdrop: string[] = [];
    for (let node: Element | null = element.parentElement; node; node = node.parentElement) backdrop.push(getComputedStyle(node).backgroundColor);
    return {
      label: `${element.tagName.toLowerCase()} ${name}`,
      width: rect.width,
      height: rect.height,
      // An element taller than the space below the bar (the prompt text) cannot fit: enough of it must show.
      ...(rect.height > window.innerHeight - barBottom
        ? { inViewport: rect.top < window.innerHeight - 40 && rect.bottom > barBottom + 40, unobscured: true }
        : {
            // Within a pixel: Chromium scrolls a stop flush with an edge, where layout may leave a fraction over.
            inViewport: rect.top >= -1 && rect.left >= -1 && rect.bottom <= window.innerHeight + 1 && rect.right <= document.documentElement.clientWidth + 1,
            // Nothing (the fixed bar, a toast) is painted over its top, middle or bottom.
            unobscured: [rect.top + 2, rect.top + rect.height / 2, rect.bottom - 2].every((y) => {
              const hit = document.elementFromPoint(rect.left + rect.width / 2, y);
              return hit !== null && element.contains(hit);
            }),
          }),
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      boxShadow: style.boxShadow,
      outlineColor: style.outlineColor,
      backdrop,
    };
  });
}

/** The checks every focus stop must pass, as one comparable object (the label says which stop failed). */
function expectUsable(stop: Stop): void {
  let background: Rgba = [255, 255, 255, 1];
  for (const layer of [...stop.backdrop].reverse()) background = blend(parseColor(layer), background);
  const indicatorContrast = stop.outline === 'none' ? 0 : contrastRatio(blend(parseColor(stop.outlineColor), background), background);
  expect({
    stop: stop.label,
    visible: stop.width > 0 && stop.height > 0,
    inViewport: stop.inViewport,
    unobscured: stop.unobscured,
    focusVisible: stop.focusVisible,
    // A real outline (not a box-shadow that is there anyway, like the primary buttons' drop shadow)...
    indicator: stop.outline !== 'none' && stop.outlineWidth >= 2,
    // ...with 3:1 against what is around it (WCAG 1.4.11).
    indicatorContrast: indicatorContrast >= 3,
  }).toEqual({ stop: stop.label, visible: true, inViewport: true, unobscured: true, focusVisible: true, indicator: true, indicatorContrast: true });
}

/**
 * Presses Tab from the top of the page until focus leaves the document, checking every stop; fails if
 * that takes more than `limit` presses (a trap, or a loop).
 */
async function walkForward(page: Page, limit = 80): Promise<string[]> {
  const labels: string[] = [];
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await currentStop(page);
    if (stop.label === 'body') return labels;
    expectUsable(stop);
    labels.push(stop.label);
  }
  throw new Error(`Focus did not leave the page after ${limit} presses of Tab: ${labels.slice(-5).join(' | ')}`);
}

/** From past the end, Shift+Tab `count` times, checking every stop on the way back up. */
async function walkBack(page: Page, count: number): Promise<string[]> {
  const labels: string[] = [];
  for (let press = 0; press < count; press += 1) {
    await page.keyboard.press('Shift+Tab');
    const stop = await currentStop(page);
    expectUsable(stop);
    labels.push(stop.label);
  }
  return labels;
}

/** Moves focus on without checking the stops it passes (another test checks them), so a walk can start halfway. */
async function pressQuickly(page: Page, key: 'Tab' | 'Shift+Tab', count: number): Promise<void> {
  for (let press = 0; press < count; press += 1) await page.keyboard.press(key);
}

/** The contact address and the legal pages; the social links are placeholders here (no href: no stop). */
const LEGAL_PATHS = { terms: ROUTES.terms.path, refunds: ROUTES.refunds.path, privacy: ROUTES.privacy.path };
const FOOTER_STOPS = [`a ${CONTACT_EMAIL}`, ...Object.values(footer.legal).map((label) => `a ${label}`)];

const LANDING_STOPS = [
  `a ${site.skipLink}`,
  `a ${nav.brand}`,
  ...nav.links.map((link) => `a ${link.label}`),
  `a ${nav.cta}`,
  `a ${hero.primaryCta}`,
  `a ${hero.secondaryCta}`,
  ...pillars.items.map(() => `button ${pillars.moreLabel}`),
  `a ${details.calendarCta}`,
  `a ${details.icsCta}`,
  `a ${pricing.checkoutCta(`${prices.earlyBird} ${prices.currency}`)}`,
  ...consentLine(LEGAL_PATHS).flatMap((part) => (typeof part === 'string' ? [] : [`a ${part.text}`])),
  ...faq.items.map((item) => `summary ${item.question}`),
  'a Reserva tu lugar ahora',
  ...FOOTER_STOPS,
];

describe.each([390, 1280])('the landing page at %i px with the keyboard', (width) => {
  it('Tab: every stop in order, each visible, outlined and unobscured, and the page lets focus go after the last', async () => {
    const { page } = await visit('/', { width, reducedMotion: true });
    expect(await walkForward(page)).toEqual(LANDING_STOPS);
  });

  it('Shift+Tab from past the end: every stop in reverse, each visible and outlined', async () => {
    const { page } = await visit('/', { width, reducedMotion: true });
    await pressQuickly(page, 'Tab', LANDING_STOPS.length + 1);
    expect((await currentStop(page)).label).toBe('body');
    expect(await walkBack(page, LANDING_STOPS.length)).toEqual([...LANDING_STOPS].reverse());
  });
});

describe('Tab order, focus indicator, no trap', () => {
  it('landing page without JavaScript: the same stops', async () => {
    const { page } = await visit('/', { javaScript: false });
    expect(await walkForward(page)).toEqual(LANDING_STOPS);
  });

  it('/prompt1: the copy buttons are stops with JavaScript, and absent without it', async () => {
    const withJs = await walkForward((await visit('/prompt1')).page);
    expect(withJs).toEqual([
      `a ${site.skipLink}`,
      `a ${nav.brand}`,
      `button ${promptCopy.copyAll}`,
      `pre ${promptCopy.promptLabel}`,
      `button ${promptCopy.copyFull}`,
      `a ${promptPage.backHome}`,
      ...FOOTER_STOPS,
    ]);
    const withoutJs = await walkForward((await visit('/prompt1', { javaScript: false })).page);
    expect(withoutJs).toEqual(withJs.filter((label) => !label.startsWith('button')));
  });

  it('the 404 page: skip link, home, the way back', async () => {
    const { page } = await visit(NOT_FOUND_PATH);
    const forward = await walkForward(page);
    expect(forward).toEqual([`a ${site.skipLink}`, `a ${nav.brand}`, 'a Return to Home']);
    expect(await walkBack(page, forward.length)).toEqual([...forward].reverse());
  });
});

describe('skip link', () => {
  it.each([true, false])('is the first stop, shows itself, and moves on to the content (JavaScript %s)', async (javaScript) => {
    const { page } = await visit('/', { javaScript });
    const hiddenAtRest = await page.locator('.skip-link').evaluate((link) => link.getBoundingClientRect().bottom <= 0);
    expect(hiddenAtRest).toBe(true);
    await page.keyboard.press('Tab');
    const stop = await currentStop(page);
    expect(stop.label).toBe(`a ${site.skipLink}`);
    expectUsable(stop);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#contenido');
    // The content's start is in view, below the fixed bar...
    const mainTop = await page.evaluate(() => document.getElementById('contenido')!.getBoundingClientRect().top);
    expect(mainTop).toBeGreaterThanOrEqual(-1);
    expect(mainTop).toBeLessThan(await page.evaluate(() => window.innerHeight));
    // ...and the next Tab continues inside it, past the top bar's links.
    await page.keyboard.press('Tab');
    const next = await currentStop(page);
    expect(next.label).toBe(`a ${hero.primaryCta}`);
    expect(await page.evaluate(() => document.getElementById('contenido')!.contains(document.activeElement))).toBe(true);
  });
});

describe('FAQ with the keyboard', () => {
  const openItems = (page: Page): Promise<number[]> =>
    page.locator('details.faq-item').evaluateAll((items) => items.flatMap((item, index) => ((item as HTMLDetailsElement).open ? [index] : [])));

  it.each([true, false])('Enter and Space open and close a question (JavaScript %s)', async (javaScript) => {
    const { page } = await visit('/', { javaScript });
    const summaries = page.locator('summary.faq-item__question');
    await summaries.first().focus();
    expect(await openItems(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => openItems(page)).toEqual([0]);
    expect(await page.getByText(faq.items[0]!.answer).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => openItems(page)).toEqual([]);
    await page.keyboard.press('Space');
    await expect.poll(() => openItems(page)).toEqual([0]);
    // The next question, by Tab (an open answer holds no stop), with Space: one open at a time.
    await page.keyboard.press('Tab');
    expect((await currentStop(page)).label).toBe(`summary ${faq.items[1]!.question}`);
    await page.keyboard.press('Space');
    await expect.poll(() => openItems(page)).toEqual([1]);
    expect(await page.getByText(faq.items[1]!.answer).isVisible()).toBe(true);
  });
});

describe('copy buttons with the keyboard', () => {
  it('Enter and Space copy and show the toast; its close button is the next stops away', async () => {
    // The toast's lifetime on a paused clock: it cannot run out while the keys below are pressed on a busy machine.
    const { page, url, watched } = await visit('/prompt1', { reducedMotion: true, pausedTimers: true });
    await watched.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const toast = page.locator('[role="status"] .toast');

    // Tab to the first copy button from the top.
    let stop = await currentStop(page);
    for (let press = 0; press < 5 && stop.label !== `button ${promptCopy.copyAll}`; press += 1) {
      await page.keyboard.press('Tab');
      stop = await currentStop(page);
    }
    expect(stop.label).toBe(`button ${promptCopy.copyAll}`);
    await page.evaluate(() => navigator.clipboard.writeText('otra cosa'));
    await page.keyboard.press('Enter');
    await toast.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(promptPage.prompt);

    // On through the prompt and the second button to the toast's close button.
    const path: string[] = [];
    for (let press = 0; press < 3; press += 1) {
      await page.keyboard.press('Tab');
      stop = await currentStop(page);
      expectUsable(stop);
      path.push(stop.label);
    }
    expect(path).toEqual([`pre ${promptCopy.promptLabel}`, `button ${promptCopy.copyFull}`, `button ${promptCopy.dismiss}`]);
    await page.keyboard.press('Enter');
    await toast.waitFor({ state: 'detached' });

    // Back to the second button, and Space.
    await page.keyboard.press('Shift+Tab');
    stop = await currentStop(page);
    expect(stop.label).toBe(`button ${promptCopy.copyFull}`);
    await page.evaluate(() => navigator.clipboard.writeText('otra cosa'));
    await page.keyboard.press('Space');
    await toast.waitFor({ state: 'visible' });
    expect(await toast.locator('.toast__title').textContent()).toBe(promptCopy.toastSuccess.title);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(promptPage.prompt);
  });
});
