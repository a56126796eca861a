/**
 * Each state of the sale in a real Chromium, JavaScript on and off, on the built server: what the visitor
 * sees is the server's verdict, whatever the device's clock says, and an open page only moves forward.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { contactCalls, hero, pricing } from '../../shared/content/landingPageWords';
import { PRODUCTION_SETTINGS, sellingEnv } from '../../scripts/lib/harness';
import { browserRig, checkedPages, keptPages, openWatchedPage, type WatchedPage, waitForIsland } from '../helpers/browser';

const DAY_MS = 86_400_000;
const CHECKOUT_URL = PRODUCTION_SETTINGS.CHECKOUT_URL;

const STATES = {
  early: sellingEnv(20 * DAY_MS),
  normal: sellingEnv(-DAY_MS, 6 * DAY_MS),
  'sold-out': { ...sellingEnv(20 * DAY_MS), SOLD_OUT: 'true' },
  closed: sellingEnv(-20 * DAY_MS, -10 * DAY_MS),
} as const;
type State = keyof typeof STATES;

/** One built server per state, started by the first test that needs it, beside the file's Chromium. */
const rigs = Object.fromEntries(Object.entries(STATES).map(([state, env]) => [state, browserRig({ ...PRODUCTION_SETTINGS, ...env })])) as Record<
  State,
  ReturnType<typeof browserRig>
>;
const opened = checkedPages();
const kept = keptPages();

afterAll(async () => {
  for (const rig of Object.values(rigs)) await rig.close();
});

/** A script that shifts the device's wall clock (Date) by `offsetMs`, leaving performance.now() alone. */
const shiftDeviceClock = (offsetMs: number): string => `(() => {
  const RealDate = Date;
  const offset = ${offsetMs};
  class DeviceDate extends RealDate {
    constructor(...args) { super(...(args.length ? args : [RealDate.now() + offset])); }
    static now() { return RealDate.now() + offset; }
  }
  globalThis.Date = DeviceDate;
})();`;

async function visit(state: State, { javaScript = true, deviceOffsetMs = 0 } = {}): Promise<Page> {
  const { browser, server } = await rigs[state].get();
  // A device clock set wrong stays with its page (an init script): that one gets a page of its own.
  let watched: WatchedPage;
  if (deviceOffsetMs === 0) watched = await kept.page({ javaScript });
  else {
    watched = await openWatchedPage(browser, { javaScriptEnabled: javaScript });
    opened.add(watched);
    await watched.context.addInitScript({ content: shiftDeviceClock(deviceOffsetMs) });
  }
  await watched.page.goto(`${server.url}/`);
  if (javaScript) {
    await watched.page.locator('#precios').scrollIntoViewIfNeeded();
    // The page's own clock has moved what was due: the sale slots at once, as their script ran before the load event,
    // and the countdown at its first tick after waking (or by leaving the page, were it to trust the device's clock).
    if (state === 'early') {
      await waitForIsland(watched.page, 'countdown');
      await watched.page.waitForFunction(
        (first) => document.querySelector('.countdown__parts')?.textContent !== first,
        await watched.page.locator('.countdown__parts').textContent(),
      );
    }
  }
  return watched.page;
}

const cardState = (page: Page): Promise<string | undefined> =>
  page.locator('.pricing__card .price-card').evaluate((card) => /price-card--([a-z-]+)/.exec(card.className)?.[1]);

/** Every link of the page to the checkout, visible or not (template contents are not in the document). */
const checkoutLinks = (page: Page): Promise<number> => page.locator(`a[href="${CHECKOUT_URL}"]`).count();

describe.each([true, false])('JavaScript %s', (javaScript) => {
  it('Early Bird: 49 USD, the countdown, the end in words and the checkout', async () => {
    const page = await visit('early', { javaScript });
    expect(await cardState(page)).toBe('early');
    expect(await page.locator('.price-card__amount').allTextContents()).toEqual(['49']);
    expect(await page.locator('.countdown__value').count()).toBe(4);
    expect(await page.locator('.price-card__until').textContent()).toMatch(/^Precio válido hasta el \S+ \d{1,2} de \S+ de 20\d\d, /);
    expect(await checkoutLinks(page)).toBe(1);
    expect(await page.locator('.hero .badge').textContent()).toBe(hero.badge);
  });

  it('normal: 97 USD and the disabled button, no checkout', async () => {
    const page = await visit('normal', { javaScript });
    expect(await cardState(page)).toBe('normal');
    expect(await page.locator('.price-card__amount').allTextContents()).toEqual(['97']);
    expect(await page.getByRole('button', { name: pricing.normalCta }).isDisabled()).toBe(true);
    expect(await checkoutLinks(page)).toBe(0);
    expect(await page.locator('#precios-titulo').textContent()).toBe(pricing.normalTitle);
  });

  it('sold out: "Cupo lleno" and the waiting list, no checkout', async () => {
    const page = await visit('sold-out', { javaScript });
    expect(await cardState(page)).toBe('sold-out');
    expect(await page.locator('.price-card__status').textContent()).toBe('Cupo lleno');
    expect(await page.locator('.pricing__card').getByRole('link', { name: contactCalls.waitlist.label }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await checkoutLinks(page)).toBe(0);
  });

  it('closed: "Inscripciones cerradas" in the hero and the pricing, calls to write about the next edition', async () => {
    const page = await visit('closed', { javaScript });
    expect(await cardState(page)).toBe('closed');
    expect(await page.locator('.hero .badge').textContent()).toBe('Inscripciones cerradas');
    expect(await page.locator('.price-card__status').textContent()).toBe('Inscripciones cerradas');
    expect(await page.locator('.hero__facts li').first().textContent()).toMatch(/^Se realizó el \S+ \d{1,2} de \S+ de 20\d\d$/);
    expect(await page.locator('.countdown').count()).toBe(0);
    expect(await checkoutLinks(page)).toBe(0);
    for (const href of await page
      .locator('.topbar__cta, .hero__actions .btn--primary, .closing .btn')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/^mailto:/);
    }
  });
});

describe('a device clock that is wrong changes nothing', () => {
  const countdownSeconds = (page: Page): Promise<number> =>
    page.evaluate(() => {
      const [days, hours, minutes, seconds] = [...document.querySelectorAll('.countdown__value')].map((value) => Number(value.textContent));
      return ((days! * 24 + hours!) * 60 + minutes!) * 60 + seconds!;
    });

  it.each([
    ['400 days behind', -400 * DAY_MS],
    ['400 days ahead', 400 * DAY_MS],
  ])('%s: the Early Bird page keeps its offer and counts from the server', async (_label, offset) => {
    const page = await visit('early', { deviceOffsetMs: offset });
    expect(await page.evaluate(() => Math.abs(Date.now() - performance.timeOrigin - performance.now()))).toBeGreaterThan(399 * 86_400_000);
    expect(await cardState(page)).toBe('early');
    expect(await checkoutLinks(page)).toBe(1);
    // What is left by the server's own clock (this machine's) while the page was read, give or take the 2-3 s the page
    // counts ahead: however long the reading takes on a busy machine.
    const deadlineMs = Date.parse(STATES.early.EARLY_BIRD_DEADLINE ?? '');
    const leftBefore = (deadlineMs - Date.now()) / 1000;
    const left = await countdownSeconds(page);
    const leftAfter = (deadlineMs - Date.now()) / 1000;
    expect(left).toBeLessThanOrEqual(leftBefore);
    expect(left).toBeGreaterThan(leftAfter - 5);
  });

  it.each([
    ['400 days behind', -400 * DAY_MS],
    ['400 days ahead', 400 * DAY_MS],
  ])('%s: the normal-price page stays normal, with no 49 USD', async (_label, offset) => {
    const page = await visit('normal', { deviceOffsetMs: offset });
    expect(await cardState(page)).toBe('normal');
    expect(await checkoutLinks(page)).toBe(0);
    expect(await page.locator('.price-card__amount').allTextContents()).toEqual(['97']);
  });
});
