/**
 * The built server in a real Chromium with JavaScript disabled: every page must still work as plain HTML.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { details, faq, pricing } from '../../shared/content/landingPageWords';
import { promptCopy, promptPage } from '../../shared/content/promptPageWords';
import { prices } from '../../shared/content/siteFacts';
import { browserRig, keptPages } from '../helpers/browser';
import { sellingEnv } from '../../scripts/lib/harness';

const CHECKOUT_URL = 'https://pay.example.org/taller-sin-js';

const rig = browserRig({ ...sellingEnv(86_400_000), CHECKOUT_URL });
const kept = keptPages();
let shown: Page | undefined;

afterAll(() => rig.close());

afterEach(async () => {
  // The islands' roots were never woken: no script ran at all.
  const hydrated = await shown?.locator('[data-hydrated]').count();
  shown = undefined;
  expect(hydrated).toBe(0);
});

async function visit(path: string): Promise<Page> {
  const { server } = await rig.get();
  const watched = await kept.page({ javaScript: false });
  shown = watched.page;
  const response = await watched.page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  return watched.page;
}

const openItems = (page: Page): Promise<number[]> =>
  page.locator('details.faq-item').evaluateAll((items) => items.flatMap((item, index) => ((item as HTMLDetailsElement).open ? [index] : [])));

describe('landing page without JavaScript', () => {
  it('shows the content, the Early Bird offer with its countdown snapshot, and working links', async () => {
    const page = await visit('/');
    expect(await page.locator('h1').isVisible()).toBe(true);
    expect(await page.locator('.topbar nav a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '#que-es',
      '#detalles',
      '#precios',
      '#faq',
    ]);

    const card = page.locator('.pricing__card');
    await card.scrollIntoViewIfNeeded();
    expect(await card.locator('.price-card--early').isVisible()).toBe(true);
    expect(await card.locator('.price-card__amount').allTextContents()).toEqual(['49']);
    const values = await card.locator('.countdown__value').allTextContents();
    expect(values).toHaveLength(4);
    expect(values.every((value) => /^\d{2,}$/.test(value))).toBe(true);

    const checkout = card.getByRole('link', { name: pricing.checkoutCta(`${prices.earlyBird} ${prices.currency}`) });
    expect(await checkout.isVisible()).toBe(true);
    expect(await checkout.getAttribute('href')).toBe(CHECKOUT_URL);
    expect(await checkout.getAttribute('target')).toBe('_blank');
    expect(await checkout.getAttribute('rel')).toBe('noopener noreferrer');

    const calendar = page.getByRole('link', { name: details.calendarCta });
    expect(await calendar.isVisible()).toBe(true);
    const calendarHref = new URL((await calendar.getAttribute('href')) ?? '');
    expect(`${calendarHref.origin}${calendarHref.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(calendarHref.searchParams.get('action')).toBe('TEMPLATE');
    expect(calendarHref.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
    expect(await calendar.getAttribute('target')).toBe('_blank');
    expect(await calendar.getAttribute('rel')).toBe('noopener noreferrer');

    // Anchors still navigate: the pricing call to action lands on the pricing section.
    await page.locator('.topbar .topbar__cta').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#precios');
  });

  it('opens and closes FAQ items by clicking their summary', async () => {
    const page = await visit('/');
    expect(await page.locator('details.faq-item').count()).toBe(faq.items.length);
    expect(await openItems(page)).toEqual([]);
    const summary = (index: number) => page.locator('summary', { hasText: faq.items[index]!.question });
    const answer = (index: number) => page.getByText(faq.items[index]!.answer);

    expect(await answer(0).isVisible()).toBe(false);
    await summary(0).click();
    await expect.poll(() => openItems(page)).toEqual([0]);
    expect(await answer(0).isVisible()).toBe(true);

    await summary(0).click();
    await expect.poll(() => openItems(page)).toEqual([]);
    expect(await answer(0).isVisible()).toBe(false);

    // The shared name="faq" keeps Chromium's native accordion exclusive even without the island.
    await summary(1).click();
    await summary(4).click();
    await expect.poll(() => openItems(page)).toEqual([4]);
  });
});

describe('prompt page without JavaScript', () => {
  it('offers the prompt as selectable text and no copy button that could not work', async () => {
    const page = await visit('/prompt1');
    for (const label of [promptCopy.copyAll, promptCopy.copyFull]) {
      const button = page.locator('button.copy-button', { hasText: label });
      expect(await button.count()).toBe(1);
      expect(await button.isVisible()).toBe(false);
      expect(await button.isDisabled()).toBe(true);
    }

    const prompt = page.locator('pre.prompt__text');
    expect(await prompt.isVisible()).toBe(true);
    expect(await prompt.textContent()).toBe(promptPage.prompt);
    expect(await prompt.evaluate((element) => getComputedStyle(element).userSelect)).not.toBe('none');

    // A visitor can select it with the mouse: a triple click selects the first paragraph of the prompt.
    const firstLine = promptPage.prompt.split('\n')[0]!;
    await prompt.click({ clickCount: 3, position: { x: 40, y: 36 } });
    const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
    expect(selected.trim()).toBe(firstLine.trim());
  });
});
