/**
 * Layout for people who zoom text or jump around with anchors, in a real Chromium: the fixed top bar
 * never covers a section's heading after a nav link, smooth scrolling respects reduced motion, and text
 * at 200 % neither scrolls sideways nor gets cut off.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { nav } from '../../shared/content/siteFacts';
import { browserRig, keptPages, layOutWholePage } from '../helpers/browser';
import { sellingEnv } from '../../scripts/lib/harness';

const NOT_FOUND_PATH = '/nada-por-aqui';
const rig = browserRig({ ...sellingEnv(30 * 86_400_000), CHECKOUT_URL: 'https://pay.example.org/taller-zoom' });
const kept = keptPages();

afterAll(() => rig.close());

async function visit(path: string, width: number, reducedMotion: 'reduce' | 'no-preference' = 'no-preference', javaScript = true): Promise<Page> {
  const { server } = await rig.get();
  const url = `${server.url}${path}`;
  const { page } = await kept.page({
    javaScript,
    viewport: { width, height: width < 600 ? 844 : 800 },
    reducedMotion,
    notFoundUrls: path === NOT_FOUND_PATH ? [url] : [],
  });
  await page.goto(url);
  return page;
}

/**
 * Resolves once the jump to `href` has come to rest: the page's own frames see its heading in view and the scroll
 * position still for three of them. A heading that never comes into view is judged where it is after five seconds,
 * however busy the machine (the checks then fail).
 */
async function settleOn(page: Page, href: string): Promise<void> {
  await page.evaluate(async (target) => {
    const giveUpAt = performance.now() + 5_000;
    await new Promise<void>((resolve) => {
      let last = window.scrollY;
      let still = 0;
      const frame = (): void => {
        still = window.scrollY === last ? still + 1 : 0;
        last = window.scrollY;
        const heading = document.querySelector(`${target} h2`)?.getBoundingClientRect();
        const inView = heading !== undefined && heading.top >= 0 && heading.bottom <= window.innerHeight;
        if ((still >= 3 && inView) || performance.now() > giveUpAt) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, href);
}

/** Resolves once the page has painted twice: what a scroll brought into view has been laid out and rendered. */
const twoFrames = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

describe('nav links and the fixed top bar', () => {
  // Without JavaScript the page never scrolls smoothly, whatever the visitor's wish: one motion covers it.
  const cases = [
    ...(['no-preference', 'reduce'] as const).flatMap((motion) => [390, 1280].map((width) => ({ motion, width, javaScript: true }))),
    ...[390, 1280].map((width) => ({ motion: 'no-preference' as const, width, javaScript: false })),
  ];

  it.each(cases)(
    'each section heading lands below the bar, in view ($width px, motion $motion, JavaScript $javaScript)',
    async ({ motion, width, javaScript }) => {
      const page = await visit('/', width, motion, javaScript);
      if (javaScript) await layOutWholePage(page);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('.topbar')!).position)).toBe('fixed');
      const landed: { href: string; headingTop: number; barBottom: number; inView: boolean }[] = [];
      for (const link of nav.links) {
        await page.locator('.topbar__nav').getByRole('link', { name: link.label, exact: true }).click();
        // Without JavaScript the jump is instant, and no frame callback would ever run to say so.
        if (javaScript) await settleOn(page, link.href);
        landed.push(
          await page.evaluate((href) => {
            const heading = document.querySelector(`${href} h2`)!.getBoundingClientRect();
            const barBottom = document.querySelector('.topbar')!.getBoundingClientRect().bottom;
            return { href, headingTop: Math.round(heading.top), barBottom: Math.round(barBottom), inView: heading.bottom <= window.innerHeight };
          }, link.href),
        );
      }
      expect(landed.map(({ href }) => href)).toEqual(['#que-es', '#detalles', '#precios', '#faq']);
      for (const { href, headingTop, barBottom, inView } of landed) {
        expect({ href, below: headingTop >= barBottom, inView }).toEqual({ href, below: true, inView: true });
      }
    },
  );

  it('scrolls smoothly once every block is laid out, unless the visitor asked for reduced motion', async () => {
    const scrollBehavior = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    const smooth = await visit('/', 1280, 'no-preference');
    await layOutWholePage(smooth);
    expect(await scrollBehavior(smooth)).toBe('smooth');
    const still = await visit('/', 1280, 'reduce');
    await layOutWholePage(still);
    expect(await scrollBehavior(still)).toBe('auto');
    // Without JavaScript the blocks below stay skipped until they near the viewport: jumps are instant.
    expect(await scrollBehavior(await visit('/', 1280, 'no-preference', false))).toBe('auto');
  });

  it.each([true, false])('moves nothing by itself for longer than five seconds (WCAG 2.2.2; JavaScript %s)', async (javaScript) => {
    const page = await visit('/', 390, 'no-preference', javaScript);
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => Number(animation.effect?.getComputedTiming().endTime ?? 0) > 5_000)
        .map(
          (animation) => `${(animation as CSSAnimation).animationName ?? 'script'} on ${(animation.effect as KeyframeEffect | null)?.target?.className ?? ''}`,
        ),
    );
    expect(endless).toEqual([]);
  });

  it('keeps its call to action in place and clear of the brand, whichever serif the system lends the brand (390 px)', async () => {
    // The heading face is the visitor's own serif (fonts.css), found after the first paint on a busy phone: until then
    // the brand is set in the generic serif, wider or narrower.
    const page = await visit('/', 390, 'no-preference', false);
    const barIn = (family: string) =>
      page.evaluate((fontFamily) => {
        const brand = document.querySelector<HTMLElement>('.topbar__brand')!;
        brand.style.fontFamily = fontFamily;
        const cta = document.querySelector('.topbar__cta')!.getBoundingClientRect();
        return { ctaLeft: Math.round(cta.left), ctaRight: Math.round(cta.right), brandClear: brand.getBoundingClientRect().right <= cta.left };
      }, family);
    const settled = await barIn('');
    expect(settled.brandClear).toBe(true);
    expect(settled.ctaRight).toBeLessThanOrEqual(await page.evaluate(() => document.querySelector('.topbar__nav')!.getBoundingClientRect().right));
    for (const family of ['serif', 'sans-serif']) expect({ family, ...(await barIn(family)) }).toEqual({ family, ...settled });
  });
});

describe('the first paint lays out the hero alone', () => {
  const visibilities = (page: Page) => page.$$eval('.layout-later', (blocks) => blocks.map((block) => getComputedStyle(block).contentVisibility));

  it('every later block is skipped until it nears the viewport, and with JavaScript all are laid out once the visitor acts', async () => {
    const page = await visit('/', 390, 'no-preference', false);
    const skipped = await visibilities(page);
    // The sections below the hero, the closing and the footer.
    expect(skipped.length).toBeGreaterThanOrEqual(8);
    expect(new Set(skipped)).toEqual(new Set(['auto']));
    expect(await page.evaluate(() => document.querySelector('.hero')?.classList.contains('layout-later'))).toBe(false);

    const woken = await visit('/', 390);
    // Loaded, painted and idle several times over, with nobody using it: the page has left its main thread alone.
    await woken.evaluate(async () => {
      if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
      for (let moment = 0; moment < 5; moment += 1) await new Promise((resolve) => requestIdleCallback(resolve));
    });
    expect(new Set(await visibilities(woken))).toEqual(new Set(['auto']));
    expect(await woken.evaluate(() => document.documentElement.classList.contains('laid-out'))).toBe(false);
    await layOutWholePage(woken);
    expect(new Set(await visibilities(woken))).toEqual(new Set(['visible']));

    // A tap that moves nothing (on the hero's heading) is the visitor acting too: heard by its click.
    const tapped = await visit('/', 390);
    await tapped.click('.hero h1');
    await tapped.waitForFunction(() => document.documentElement.classList.contains('laid-out'));
    expect(await tapped.evaluate(() => scrollY)).toBe(0);
  });
});

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  /** Elements with text whose content is cut by their own overflow: hidden/clip. */
  clipped: string[];
  /** Text that lies (partly) outside the viewport sideways, where nobody can scroll to it. */
  offscreen: string[];
  /** Text sticking out of its button. */
  outOfButton: string[];
  /** Text painted under the fixed top bar while the page is at the very top. */
  underBar: string[];
}

/** Sets the root font size to 200 % and measures, a screenful at a time so every section is rendered. */
async function measureAt200(page: Page): Promise<Overflow> {
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const result: Overflow = { scrollWidth: 0, clientWidth: 0, clipped: [], offscreen: [], outOfButton: [], underBar: [] };
  for (let screen = 0; screen < 60; screen += 1) {
    await twoFrames(page);
    const step = await page.evaluate((first) => {
      const describe = (element: Element): string =>
        `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
      const root = document.documentElement;
      const viewportWidth = root.clientWidth;
      const bar = document.querySelector('.topbar');
      const barFixed = bar !== null && getComputedStyle(bar).position === 'fixed';
      const barBottom = barFixed ? bar.getBoundingClientRect().bottom : 0;
      const clipped: string[] = [];
      const offscreen: string[] = [];
      const outOfButton: string[] = [];
      const underBar: string[] = [];
      // Text that screen readers only (1 px clip) or nobody (aria-hidden decoration off-screen) sees is left out.
      const hiddenByDesign = (element: Element): boolean => element.closest('.visually-hidden, .skip-link') !== null;
      for (const element of document.querySelectorAll('body *')) {
        if (hiddenByDesign(element) || !(element.textContent ?? '').trim()) continue;
        const style = getComputedStyle(element);
        const hides = (value: string) => value === 'hidden' || value === 'clip';
        if (
          (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
          (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1)
        ) {
          clipped.push(describe(element));
        }
      }
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !(node.textContent ?? '').trim() || hiddenByDesign(parent)) continue;
        if (parent.closest('script, [hidden]') || getComputedStyle(parent).visibility === 'hidden') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
        // Only what is on this screenful: each part of the page is measured once it is rendered.
        const onScreen = rects.filter((rect) => rect.bottom > 0 && rect.top < window.innerHeight);
        if (onScreen.some((rect) => rect.left < -1 || rect.right > viewportWidth + 1)) offscreen.push(describe(parent));
        const button = parent.closest('.btn, button');
        if (button) {
          const box = button.getBoundingClientRect();
          if (onScreen.some((rect) => rect.left < box.left - 1 || rect.right > box.right + 1 || rect.top < box.top - 1 || rect.bottom > box.bottom + 1)) {
            outOfButton.push(describe(button));
          }
        }
        if (first && barFixed && !bar.contains(parent) && onScreen.some((rect) => rect.top < barBottom - 1)) underBar.push(describe(parent));
      }
      const atEnd = window.scrollY + window.innerHeight >= root.scrollHeight - 1;
      window.scrollTo({ top: window.scrollY + window.innerHeight * 0.8, behavior: 'instant' });
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, clipped, offscreen, outOfButton, underBar, atEnd };
    }, screen === 0);
    result.scrollWidth = Math.max(result.scrollWidth, step.scrollWidth);
    result.clientWidth = step.clientWidth;
    for (const key of ['clipped', 'offscreen', 'outOfButton', 'underBar'] as const) {
      for (const entry of step[key]) if (!result[key].includes(entry)) result[key].push(entry);
    }
    if (step.atEnd) return result;
  }
  throw new Error('Never reached the end of the page');
}

describe('text at 200 % (1280 px)', () => {
  it.each(['/', '/prompt1', NOT_FOUND_PATH])('%s: no sideways scrolling, nothing cut off or hidden under the bar', async (path) => {
    const page = await visit(path, 1280);
    const bodySize = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
    const overflow = await measureAt200(page);
    // The text really is twice as large.
    expect(await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize))).toBeCloseTo(bodySize * 2, 0);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    expect({ clipped: overflow.clipped, offscreen: overflow.offscreen, outOfButton: overflow.outOfButton, underBar: overflow.underBar }).toEqual({
      clipped: [],
      offscreen: [],
      outOfButton: [],
      underBar: [],
    });
  });
});
