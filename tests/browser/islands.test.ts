/**
 * The built server in a real Chromium, JavaScript on: the islands as a visitor uses them.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { contactCalls, faq, pricing, promptCopy, promptPage } from '../../shared/content';
import { browserRig, cspViolationsOf, openWatchedPage, unexpectedProblems, type WatchedPage, waitForIsland } from '../helpers/browser';
import { sellingEnv, startBuiltServer } from '../../scripts/lib/harness';

const CHECKOUT_URL = 'https://pay.example.org/taller-prueba';

// An Early Bird deadline a day away: the card shows the offer in every test but the countdown one.
const rig = browserRig({ ...sellingEnv(86_400_000), CHECKOUT_URL });
const opened: WatchedPage[] = [];
let notFoundUrls: string[] = [];

/** A fresh watched page, and the shared server's URL. */
async function open(options: Parameters<typeof openWatchedPage>[1] = {}): Promise<WatchedPage & { url: string }> {
  const { browser, server } = await rig.get();
  const watched = await openWatchedPage(browser, options);
  opened.push(watched);
  return { ...watched, url: server.url };
}

afterAll(() => rig.close());

afterEach(async () => {
  // No test may leave a console error, a page error or a CSP violation behind, on any page it opened.
  const problems: string[] = [];
  for (const { context, page, problems: seen } of opened.splice(0)) {
    if (!page.isClosed() && !page.url().startsWith('about:')) for (const violation of await cspViolationsOf(page)) problems.push(`CSP: ${violation}`);
    for (const problem of unexpectedProblems(seen, notFoundUrls)) problems.push(problem);
    await context.close();
  }
  notFoundUrls = [];
  expect(problems).toEqual([]);
});

/** The countdown's numbers as shown, like "00:00:00:07", or "" once there is no countdown. */
const countdownText = (page: Page): Promise<string> =>
  page.evaluate(() => [...document.querySelectorAll('.countdown__value')].map((value) => value.textContent).join(':'));

const toSeconds = (text: string): number =>
  text
    .split(':')
    .map(Number)
    .reduce((total, value, index) => total + value * [86_400, 3_600, 60, 1][index]!, 0);

describe('every page', () => {
  it('loads and hydrates with no console error, page error or CSP violation', async () => {
    const { page, url } = await open();
    await page.goto(`${url}/`);
    await waitForIsland(page, 'countdown');
    await waitForIsland(page, 'faq');
    await page.goto(`${url}/prompt1`);
    await waitForIsland(page, 'prompt-copy');
    const notFound = `${url}/no-existe`;
    notFoundUrls.push(notFound);
    const response = await page.goto(notFound);
    expect(response?.status()).toBe(404);
    expect(await page.getByText('Oops! Page not found').isVisible()).toBe(true);
  });

  it('applies the inline stylesheet that the policy allows by its hash', async () => {
    const { page, url } = await open();
    for (const path of ['/', '/prompt1', '/no-existe']) {
      if (path === '/no-existe') notFoundUrls.push(`${url}${path}`);
      await page.goto(`${url}${path}`);
      // The cream background and the headings' serif stack come from the inline stylesheet alone.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), path).toBe('rgb(251, 246, 241)');
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily), path).toContain('"Heading Georgia"');
    }
  });

  it('refuses any other inline style: the hash allows only the bytes the build produced', async () => {
    const { browser, server } = await rig.get();
    const watched = await openWatchedPage(browser);
    try {
      await watched.page.goto(`${server.url}/`);
      const background = await watched.page.evaluate(() => {
        const style = document.createElement('style');
        style.textContent = 'body { background: red; }';
        document.head.append(style);
        return getComputedStyle(document.body).backgroundColor;
      });
      expect(background).toBe('rgb(251, 246, 241)');
      await expect.poll(() => cspViolationsOf(watched.page), { timeout: 5_000 }).toEqual([expect.stringMatching(/^style-src/)]);
    } finally {
      await watched.context.close();
    }
  });

  it('refuses any other inline script: the hashes allow only the entry the build produced', async () => {
    const { browser, server } = await rig.get();
    const watched = await openWatchedPage(browser);
    try {
      await watched.page.goto(`${server.url}/`);
      const ran = await watched.page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'document.documentElement.dataset.injected = "ran";';
        document.head.append(script);
        return document.documentElement.dataset.injected === 'ran';
      });
      expect(ran).toBe(false);
      await expect.poll(() => cspViolationsOf(watched.page), { timeout: 5_000 }).toEqual([expect.stringMatching(/^script-src/)]);
    } finally {
      await watched.context.close();
    }
  });

  it('would notice a CSP violation (the watcher itself works)', async () => {
    const { browser, server } = await rig.get();
    const watched = await openWatchedPage(browser);
    try {
      await watched.page.goto(`${server.url}/`);
      await watched.page.evaluate(() => {
        const image = document.createElement('img');
        image.src = 'https://elsewhere.example.org/pixel.png';
        document.body.append(image);
      });
      await expect.poll(() => cspViolationsOf(watched.page), { timeout: 5_000 }).toEqual([expect.stringMatching(/^img-src/)]);
      await expect.poll(() => unexpectedProblems(watched.problems).join('\n'), { timeout: 5_000 }).toMatch(/Content Security Policy/);
    } finally {
      await watched.context.close();
    }
  });
});

describe('the sale moving on in an open page', () => {
  it('counts down every second, then turns to the normal price at zero and to closed at the start, without a reload', async () => {
    const { page } = await open();
    // Its own server: the Early Bird ends a minute from now, the workshop starts a minute later. The page's clocks
    // (its timers, its monotonic clock) are Playwright's, moved on by the test rather than waited for.
    const soon = await startBuiltServer({ ...sellingEnv(60_000, 120_000), CHECKOUT_URL });
    try {
      await page.clock.install();
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });
      await page.goto(`${soon.url}/`);
      await waitForIsland(page, 'countdown');
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      const card = page.locator('.pricing__card');
      expect(await card.locator('.price-card--early').count()).toBe(1);

      // Three seconds, one at a time: each shows exactly one second less.
      await page.clock.pauseAt(Date.now() + 100);
      let previous = await countdownText(page);
      expect(toSeconds(previous)).toBeGreaterThanOrEqual(50);
      for (let change = 0; change < 3; change += 1) {
        await page.clock.runFor(1_000);
        const current = await countdownText(page);
        expect(toSeconds(previous) - toSeconds(current)).toBe(1);
        previous = current;
      }

      await page.clock.runFor((toSeconds(previous) + 1) * 1_000);
      await page.waitForSelector('.pricing__card .price-card--normal', { timeout: 2_000 });
      expect(await card.locator('.price-card--early, [role="timer"]').count()).toBe(0);
      expect(await card.locator('.price-card__amount').allTextContents()).toEqual(['97']);
      expect(await page.locator(`a[href="${CHECKOUT_URL}"]`).count()).toBe(0);
      const button = card.getByRole('button', { name: pricing.normalCta });
      expect(await button.isDisabled()).toBe(true);
      expect(await page.locator('#precios-titulo').textContent()).toBe(pricing.normalTitle);

      await page.clock.runFor(60_000);
      await page.waitForSelector('.pricing__card .price-card--closed', { timeout: 2_000 });
      expect(await page.locator('.hero .badge').textContent()).toBe('Inscripciones cerradas');
      expect(await card.locator('.price-card__status').textContent()).toBe('Inscripciones cerradas');
      expect(await page.locator('.hero__actions .btn--primary').getAttribute('href')).toMatch(/^mailto:/);
      expect(await page.locator('.hero__actions .btn--primary').textContent()).toBe(contactCalls.nextEdition.label);

      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(navigations).toBe(1);
    } finally {
      await soon.stop();
    }
  });
});

describe('FAQ', () => {
  const openItems = (page: Page): Promise<number[]> =>
    page.locator('[data-island="faq"] details').evaluateAll((items) => items.flatMap((item, index) => ((item as HTMLDetailsElement).open ? [index] : [])));

  async function clickQuestion(page: Page, index: number, expected: number[]): Promise<void> {
    await page.locator('[data-island="faq"] summary', { hasText: faq.items[index]!.question }).click();
    await expect.poll(() => openItems(page), { timeout: 3_000 }).toEqual(expected);
    // The answer of an open item is what the visitor now sees.
    for (const open of expected) {
      expect(await page.getByText(faq.items[open]!.answer).isVisible()).toBe(true);
    }
  }

  it('opens one item at a time, and an open item closes again', async () => {
    const { page, url } = await open();
    await page.goto(`${url}/#faq`);
    await waitForIsland(page, 'faq');
    expect(await openItems(page)).toEqual([]);
    await clickQuestion(page, 0, [0]);
    await clickQuestion(page, 2, [2]);
    await clickQuestion(page, 6, [6]);
    await clickQuestion(page, 6, []);
    await clickQuestion(page, 1, [1]);
  });
});

describe('prompt copy', () => {
  const LABELS = [promptCopy.copyAll, promptCopy.copyFull];

  it('puts the exact prompt on the clipboard from each button and says so', async () => {
    const { context, page, url } = await open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await page.goto(`${url}/prompt1`);
    await waitForIsland(page, 'prompt-copy');

    for (const label of LABELS) {
      // Something else on the clipboard first, so what is read back was put there by this click.
      await page.evaluate(() => navigator.clipboard.writeText('otra cosa'));
      const button = page.getByRole('button', { name: label });
      expect(await button.isVisible()).toBe(true);
      expect(await button.isEnabled()).toBe(true);
      await button.click();

      const toast = page.locator('[role="status"] .toast');
      await toast.waitFor({ state: 'visible', timeout: 5_000 });
      expect(await toast.locator('.toast__title').textContent()).toBe('¡Copiado!');
      expect(await toast.locator('.toast__description').textContent()).toBe('El prompt se ha copiado al portapapeles');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(promptPage.prompt);

      await toast.getByRole('button', { name: promptCopy.dismiss }).click();
      await toast.waitFor({ state: 'detached', timeout: 3_000 });
    }
  });

  it('shows the destructive error toast when the clipboard refuses', async () => {
    const { context, page, url } = await open();
    // Chromium lets a click write to the clipboard even without a grant, so the refusal is scripted.
    await context.addInitScript({
      content: `Object.defineProperty(Clipboard.prototype, 'writeText', {
        configurable: true,
        value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      });`,
    });
    // The toast's own timer runs on Playwright's clock, moved on by the test.
    await page.clock.install();
    await page.goto(`${url}/prompt1`);
    await waitForIsland(page, 'prompt-copy');

    for (const [index, label] of LABELS.entries()) {
      await page.getByRole('button', { name: label }).click();
      const toast = page.locator('[role="alert"] .toast.toast--destructive');
      await toast.waitFor({ state: 'visible', timeout: 5_000 });
      expect(await toast.locator('.toast__title').textContent()).toBe('Error');
      expect(await toast.locator('.toast__description').textContent()).toBe('No se pudo copiar el contenido');
      expect(await page.locator('[role="status"] .toast').count()).toBe(0);
      if (index === 0) {
        // Gone by itself after 5 s...
        await page.clock.runFor(4_900);
        expect(await toast.isVisible()).toBe(true);
        await page.clock.runFor(200);
        await toast.waitFor({ state: 'detached', timeout: 1_000 });
      } else {
        // ...or at once with its close button.
        await toast.getByRole('button', { name: promptCopy.dismiss }).click();
        await toast.waitFor({ state: 'detached', timeout: 1_000 });
      }
    }
  });
});
