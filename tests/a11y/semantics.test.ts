/**
 * What assistive technology is told, read from a real Chromium: landmarks, one h1 and no skipped heading
 * level, real lists, the former price announced as such, a countdown that does not chatter, and toasts in
 * live regions.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { pricing } from '../../shared/content/landingPageWords';
import { promptCopy } from '../../shared/content/promptPageWords';
import { footer, nav } from '../../shared/content/siteFacts';
import { browserRig, checkedPages, keptPages, openWatchedPage, pausePageTimers, type WatchedPage, waitForIsland } from '../helpers/browser';
import { sellingEnv } from '../../scripts/lib/harness';

const NOT_FOUND_PATH = '/pagina-inexistente';
const VIEWPORT = { width: 1280, height: 800 };
const rig = browserRig({ ...sellingEnv(30 * 86_400_000), CHECKOUT_URL: 'https://pay.example.org/taller-semantica' });
const kept = keptPages();
const opened = checkedPages();

afterAll(() => rig.close());

/** With `pausedTimers`, the page's timers run on Playwright's clock, paused once the islands are awake (a toast stays). */
async function visit(path: string, javaScript = true, pausedTimers = false): Promise<{ page: Page; url: string; watched: WatchedPage }> {
  const { browser, server } = await rig.get();
  const url = `${server.url}${path}`;
  const notFoundUrls = path === NOT_FOUND_PATH ? [url] : [];
  // A paused clock stays with its page: that one gets a page of its own.
  const watched = pausedTimers
    ? await openWatchedPage(browser, { javaScriptEnabled: javaScript, viewport: VIEWPORT })
    : await kept.page({ javaScript, viewport: VIEWPORT, notFoundUrls });
  if (pausedTimers) {
    opened.add(watched, notFoundUrls);
    await watched.page.clock.install();
  }
  await watched.page.goto(url);
  if (javaScript && path === '/') await waitForIsland(watched.page, 'countdown');
  if (javaScript && path === '/prompt1') await watched.page.locator('.copy-button[data-ready="true"]').first().waitFor({ state: 'visible' });
  if (pausedTimers) await pausePageTimers(watched.page);
  return { page: watched.page, url: server.url, watched };
}

const PAGES = ['/', '/prompt1', NOT_FOUND_PATH];
const WITH_AND_WITHOUT_JS = PAGES.flatMap((path) => [true, false].map((javaScript) => ({ path, javaScript })));

describe('landmarks', () => {
  it('the landing page has a banner with the section nav, a main, footer navs and a contentinfo', async () => {
    const { page } = await visit('/');
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await page.getByRole('navigation').evaluateAll((navs) => navs.map((element) => element.getAttribute('aria-label')))).toEqual([
      nav.label,
      footer.legalLabel,
      footer.socialLabel,
    ]);
    // The section nav sits in the banner; the skip link targets the main landmark.
    expect(await page.getByRole('banner').getByRole('navigation', { name: nav.label }).count()).toBe(1);
    expect(await page.getByRole('main').getAttribute('id')).toBe('contenido');
  });

  it('/prompt1 has a banner, a main, the footer navs and a contentinfo', async () => {
    const { page } = await visit('/prompt1');
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await page.getByRole('navigation').count()).toBe(2);
    // The prompt text is a named, focusable region (an aria-label on a bare <pre> would be ignored).
    expect(await page.getByRole('region', { name: promptCopy.promptLabel }).count()).toBe(1);
  });

  it('the 404 page has a banner and a main holding its message', async () => {
    const { page } = await visit(NOT_FOUND_PATH);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()).toBe('Oops! Page not found');
  });

  it.each(PAGES)('%s: all visible content sits inside a landmark (the skip link aside)', async (path) => {
    const { page } = await visit(path);
    const outside = await page.evaluate(() => {
      const landmarks = 'header, nav, main, footer, aside, [role="region"], section[aria-labelledby]';
      const loose: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !(node.textContent ?? '').trim() || parent.closest('script, .skip-link, [aria-hidden="true"]')) continue;
        if (!parent.closest(landmarks)) loose.push((node.textContent ?? '').trim().slice(0, 40));
      }
      return loose;
    });
    expect(outside).toEqual([]);
  });
});

describe('headings', () => {
  it.each(WITH_AND_WITHOUT_JS)('$path (JavaScript $javaScript): exactly one h1, first, and no level skipped', async ({ path, javaScript }) => {
    const { page } = await visit(path, javaScript);
    // Headings as the accessibility tree has them: hidden ones (aria-hidden, display:none) left out.
    const levels = await page
      .getByRole('heading')
      .evaluateAll((headings) =>
        headings.map((heading) => ({ level: Number(heading.tagName.slice(1)), text: (heading.textContent ?? '').trim().slice(0, 40) })),
      );
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.filter(({ level }) => level === 1)).toHaveLength(1);
    expect(levels[0]!.level).toBe(1);
    const skips = levels.flatMap((heading, index) =>
      index > 0 && heading.level > levels[index - 1]!.level + 1 ? [`${levels[index - 1]!.level} → ${heading.level} at "${heading.text}"`] : [],
    );
    expect(skips).toEqual([]);
    // No heading-looking text is given the wrong role: every h1-h6 in the DOM is a heading in the tree.
    const inDom = await page.locator('h1, h2, h3, h4, h5, h6').count();
    expect(levels).toHaveLength(inDom);
  });
});

describe('lists', () => {
  // The 404 page has no list at all.
  it.each(['/', '/prompt1'])('%s: every list item is in a ul/ol, every ul/ol holds only list items, and the tree agrees', async (path) => {
    const { page } = await visit(path);
    const problems = await page.evaluate(() => {
      const found: string[] = [];
      for (const item of document.querySelectorAll('li')) {
        if (!item.parentElement?.matches('ul, ol')) found.push(`li outside a list: ${(item.textContent ?? '').slice(0, 30)}`);
      }
      for (const list of document.querySelectorAll('ul, ol')) {
        for (const child of list.children)
          if (child.tagName !== 'LI') found.push(`<${child.tagName.toLowerCase()}> directly in <${list.tagName.toLowerCase()}>`);
        if (list.hasAttribute('role')) found.push(`${list.tagName.toLowerCase()} with role="${list.getAttribute('role')}"`);
      }
      return found;
    });
    expect(problems).toEqual([]);
    // Chromium keeps list semantics for styled lists (list-style: none): as many lists and items in the tree as in the DOM.
    const domLists = await page.locator('ul, ol').evaluateAll((lists) => lists.filter((list) => !list.closest('[aria-hidden="true"]')).length);
    const domItems = await page.locator('li').evaluateAll((items) => items.filter((item) => !item.closest('[aria-hidden="true"]')).length);
    expect(domLists).toBeGreaterThan(0);
    expect(await page.getByRole('list').count()).toBe(domLists);
    expect(await page.getByRole('listitem').count()).toBe(domItems);
  });
});

describe('pricing card', () => {
  it.each([true, false])('the struck-through price is announced as the former price (JavaScript %s)', async (javaScript) => {
    const { page } = await visit('/', javaScript);
    const old = page.locator('.price-card__old');
    // The accessibility tree of the old price: its text starts with "Antes" and holds the normal price.
    const snapshot = await old.ariaSnapshot();
    expect(snapshot).toContain(pricing.formerPriceLabel);
    expect(snapshot).toContain('97 USD');
    expect(snapshot.indexOf(pricing.formerPriceLabel)).toBeLessThan(snapshot.indexOf('97 USD'));
    // "Antes" is for screen readers only; the eye sees the strike-through.
    const label = old.locator('.visually-hidden');
    expect(await label.textContent()).toContain(pricing.formerPriceLabel);
    expect(await label.evaluate((element) => element.getBoundingClientRect().width <= 1)).toBe(true);
    expect(await old.locator('del').isVisible()).toBe(true);
  });

  it('the countdown is a timer, not a live region: nothing announces each second', async () => {
    const { page } = await visit('/');
    const timer = page.getByRole('timer', { name: pricing.countdownTitle });
    expect(await timer.count()).toBe(1);
    const live = await timer.evaluate((element) => {
      const found: string[] = [];
      const liveRoles = ['alert', 'status', 'log', 'marquee'];
      for (const node of [element, ...element.querySelectorAll('*')]) {
        const value = node.getAttribute('aria-live');
        if (value !== null && value !== 'off') found.push(`aria-live=${value} on ${node.className}`);
        if (node !== element && liveRoles.includes(node.getAttribute('role') ?? '')) found.push(`role=${node.getAttribute('role')} inside`);
      }
      for (let node = element.parentElement; node; node = node.parentElement) {
        const value = node.getAttribute('aria-live');
        if (value !== null && value !== 'off') found.push(`aria-live=${value} on ancestor ${node.tagName}`);
        if (liveRoles.includes(node.getAttribute('role') ?? '')) found.push(`role=${node.getAttribute('role')} on ancestor ${node.tagName}`);
        if (node.getAttribute('aria-busy') === 'true') found.push(`aria-busy on ancestor ${node.tagName}`);
      }
      return found;
    });
    expect(live).toEqual([]);
  });
});

describe('toasts', () => {
  it('success goes to a role=status region, failure to a role=alert region, both there before any toast', async () => {
    const { page, url, watched } = await visit('/prompt1', true, true);
    const status = page.locator('.toaster > [role="status"]');
    const alert = page.locator('.toaster > [role="alert"]');
    expect(await status.count()).toBe(1);
    expect(await alert.count()).toBe(1);
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await alert.getAttribute('aria-live')).toBe('assertive');
    expect(await page.locator('.toaster').textContent()).toBe('');

    await watched.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await page.getByRole('button', { name: promptCopy.copyAll }).click();
    await status.locator('.toast').waitFor({ state: 'visible' });
    expect(await page.getByRole('status').getByText(promptCopy.toastSuccess.title).isVisible()).toBe(true);
    await status.getByRole('button', { name: promptCopy.dismiss }).click();

    await page.evaluate(() =>
      Object.defineProperty(Clipboard.prototype, 'writeText', {
        configurable: true,
        value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      }),
    );
    await page.getByRole('button', { name: promptCopy.copyFull }).click();
    await alert.locator('.toast').waitFor({ state: 'visible' });
    expect(await page.getByRole('alert').getByText(promptCopy.toastError.description).isVisible()).toBe(true);
    expect(await status.textContent()).toBe('');
  });
});
