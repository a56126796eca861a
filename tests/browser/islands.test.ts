/**
 * The built server in a real Chromium, JavaScript on: every page and its policy, and the copy toast when the
 * clipboard refuses. What a visitor uses (the countdown, the sale slot, the FAQ, the copy buttons) is in
 * engines.test.ts, run in the three engines.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { promptCopy } from '../../shared/content/promptPageWords';
import {
  browserRig,
  cspViolationsOf,
  keptPages,
  openWatchedPage,
  pausePageTimers,
  unexpectedProblems,
  type WatchedPage,
  waitForIsland,
} from '../helpers/browser';
import { sellingEnv } from '../../scripts/lib/harness';

const CHECKOUT_URL = 'https://pay.example.org/taller-prueba';

// An Early Bird deadline a day away: the card shows the offer in every test.
const rig = browserRig({ ...sellingEnv(86_400_000), CHECKOUT_URL });
/** The tab the pages are shown in; after each test, any console error, page error or CSP violation it saw fails it. */
const kept = keptPages();
/** Pages that keep something of their test (a clock, a script that breaks the clipboard): closed after it, checked alike. */
const opened: WatchedPage[] = [];

/** A fresh watched page of its own, and the shared server's URL. */
async function open(options: Parameters<typeof openWatchedPage>[1] = {}): Promise<WatchedPage & { url: string }> {
  const { browser, server } = await rig.get();
  const watched = await openWatchedPage(browser, options);
  opened.push(watched);
  return { ...watched, url: server.url };
}

afterAll(() => rig.close());

afterEach(async () => {
  const problems: string[] = [];
  for (const { context, page, problems: seen } of opened.splice(0)) {
    if (!page.isClosed() && !page.url().startsWith('about:')) for (const violation of await cspViolationsOf(page)) problems.push(`CSP: ${violation}`);
    for (const problem of unexpectedProblems(seen)) problems.push(problem);
    await context.close();
  }
  expect(problems).toEqual([]);
});

describe('every page', () => {
  it('loads and hydrates with no console error, page error or CSP violation', async () => {
    const { server } = await rig.get();
    const url = server.url;
    const notFound = `${url}/no-existe`;
    const { page } = await kept.page({ notFoundUrls: [notFound] });
    await page.goto(`${url}/`);
    await waitForIsland(page, 'countdown');
    await page.goto(`${url}/prompt1`);
    await page.locator('.copy-button[data-ready="true"]').first().waitFor({ state: 'visible' });
    const response = await page.goto(notFound);
    expect(response?.status()).toBe(404);
    expect(await page.getByText('Oops! Page not found').isVisible()).toBe(true);
  });

  it('applies the inline stylesheet that the policy allows by its hash', async () => {
    const { server } = await rig.get();
    const url = server.url;
    const { page } = await kept.page({ notFoundUrls: [`${url}/no-existe`] });
    for (const path of ['/', '/prompt1', '/no-existe']) {
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
      await expect.poll(() => cspViolationsOf(watched.page)).toEqual([expect.stringMatching(/^style-src/)]);
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
      await expect.poll(() => cspViolationsOf(watched.page)).toEqual([expect.stringMatching(/^script-src/)]);
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
      await expect.poll(() => cspViolationsOf(watched.page)).toEqual([expect.stringMatching(/^img-src/)]);
      await expect.poll(() => unexpectedProblems(watched.problems).join('\n')).toMatch(/Content Security Policy/);
    } finally {
      await watched.context.close();
    }
  });
});

describe('prompt copy', () => {
  const LABELS = [promptCopy.copyAll, promptCopy.copyFull];

  it('shows the destructive error toast when the clipboard refuses', async () => {
    const { context, page, url } = await open();
    // Chromium lets a click write to the clipboard even without a grant, so the refusal is scripted.
    await context.addInitScript({
      content: `Object.defineProperty(Clipboard.prototype, 'writeText', {
        configurable: true,
        value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      });`,
    });
    // The toast's own timer runs on Playwright's clock, moved on by the test, never on the real time the checks take.
    await page.clock.install();
    await page.goto(`${url}/prompt1`);
    await page.locator('.copy-button[data-ready="true"]').first().waitFor({ state: 'visible' });
    await pausePageTimers(page);

    for (const [index, label] of LABELS.entries()) {
      await page.getByRole('button', { name: label }).click();
      const toast = page.locator('[role="alert"] .toast.toast--destructive');
      await toast.waitFor({ state: 'visible' });
      expect(await toast.locator('.toast__title').textContent()).toBe('Error');
      expect(await toast.locator('.toast__description').textContent()).toBe('No se pudo copiar el contenido');
      expect(await page.locator('[role="status"] .toast').count()).toBe(0);
      if (index === 0) {
        // Gone by itself after 5 s...
        await page.clock.runFor(4_900);
        expect(await toast.isVisible()).toBe(true);
        await page.clock.runFor(200);
        await toast.waitFor({ state: 'detached' });
      } else {
        // ...or at once with its close button.
        await toast.getByRole('button', { name: promptCopy.dismiss }).click();
        await toast.waitFor({ state: 'detached' });
      }
    }
  });
});
