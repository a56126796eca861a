/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA, plus best practices) in a real Chromium, on the built server:
 * every page, with JavaScript on and off, on a phone and a desktop width, and in the states a visitor
 * reaches (an FAQ answer open, a copy toast showing, the normal-price card). Zero violations allowed.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes';
import { faq, pricing } from '../../shared/content/landingPageWords';
import { promptCopy } from '../../shared/content/promptPageWords';
import { nav } from '../../shared/content/siteFacts';
import {
  type AxeNode,
  blend,
  BLOCKED_SCRIPT_MESSAGE,
  blockPageScripts,
  contrastRatio,
  describeViolations,
  parseColor,
  passedOn,
  type Rgba,
  runAxe,
  scrollThrough,
} from '../helpers/axe';
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
import { sellingEnv, waitUntil } from '../../scripts/lib/harness';
import { startStripeStandIn } from '../../scripts/lib/stripeStandIn';

const DAY_MS = 86_400_000;
const CHECKOUT_URL = 'https://pay.example.org/taller-a11y';
const NOT_FOUND_PATH = '/esta-pagina-no-existe';
const STATUS_OF: Record<string, number> = { [NOT_FOUND_PATH]: 404, [ROUTES.outage.path]: 503 };

/** The Early Bird priced in pesos by the checkout (docs/pricing.md): the card with the most on it. */
const stripe = await startStripeStandIn({
  key: 'rk_test_a11ystandinkey',
  linkId: 'plink_1A11y',
  price: { currency: 'usd', unitAmount: 4900, options: { mxn: 89_000 } },
});
const earlyBird = browserRig({
  ...sellingEnv(30 * DAY_MS),
  CHECKOUT_URL,
  STRIPE_SECRET_KEY: 'rk_test_a11ystandinkey',
  STRIPE_PAYMENT_LINK: 'plink_1A11y',
  STRIPE_API_URL: stripe.url,
});
const normalPrice = browserRig({ ...sellingEnv(-DAY_MS), CHECKOUT_URL });
const soldOut = browserRig({ ...sellingEnv(30 * DAY_MS), SOLD_OUT: 'true', CHECKOUT_URL });
const closed = browserRig({ ...sellingEnv(-30 * DAY_MS, -DAY_MS), CHECKOUT_URL });
type TestRig = typeof earlyBird;

const WIDTHS = [390, 1280] as const;
const viewportOf = (width: number) => ({ width, height: width < 600 ? 844 : 800 });

/** Pages with the site's JavaScript running; and pages where the page's own scripts are refused (blockPageScripts). */
const withScripts = keptPages();
const withoutScriptsTabs = keptPages({ setUp: blockPageScripts, refusesPageScripts: true });
/** Pages on a paused clock, each of its own. */
const opened: { watched: WatchedPage; expected: string[] }[] = [];

afterAll(async () => {
  await earlyBird.close();
  await normalPrice.close();
  await soldOut.close();
  await closed.close();
  await stripe.close();
});

afterEach(async () => {
  // Besides its own assertions, no test may leave a console error, page error or CSP violation behind.
  const problems: string[] = [];
  for (const { watched, expected } of opened.splice(0)) {
    const { context, page, problems: seen } = watched;
    if (!page.isClosed()) for (const violation of await cspViolationsOf(page)) problems.push(`CSP: ${violation}`);
    for (const line of unexpectedProblems(seen, [])) if (!expected.some((fragment) => line.includes(fragment))) problems.push(line);
    await context.close();
  }
  expect(problems).toEqual([]);
});

interface Visit {
  page: Page;
  url: string;
  watched: WatchedPage;
}

/**
 * Opens `path` at `width`, with the site's JavaScript running (and its islands awake) or not at all. With `pausedTimers`,
 * the page's timers run on Playwright's clock, paused once the islands are awake: nothing with a lifetime (a toast)
 * runs out while the test is slow, until the test lets the page's time run again.
 */
async function visit(
  rig: TestRig,
  path: string,
  { javaScript, width, pausedTimers = false }: { javaScript: boolean; width: number; pausedTimers?: boolean },
): Promise<Visit> {
  const { browser, server } = await rig.get();
  const expected: string[] = [];
  // A 404 or 503 document makes Chromium log one "Failed to load resource" line; a refused script, another.
  if (path === NOT_FOUND_PATH) expected.push('status of 404 (Not Found)');
  if (path === ROUTES.outage.path) expected.push('status of 503 (Service Unavailable)');
  if (!javaScript) expected.push(BLOCKED_SCRIPT_MESSAGE);
  let watched: WatchedPage;
  if (pausedTimers) {
    // A paused clock stays with its page: that one gets a page of its own.
    watched = await openWatchedPage(browser, { viewport: viewportOf(width) });
    opened.push({ watched, expected });
  } else {
    watched = await (javaScript ? withScripts : withoutScriptsTabs).page({ viewport: viewportOf(width), expected });
  }
  const { page } = watched;
  // Ready once its first read of the checkout has answered: the page then has what the checkout said.
  await waitUntil('the instance ready', async () => {
    const health = await fetch(`${server.url}/healthz`);
    await health.arrayBuffer();
    return health.status === 200;
  });
  if (pausedTimers) await page.clock.install();
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(STATUS_OF[path] ?? 200);
  if (javaScript) {
    if (path === '/') {
      // Only the Early Bird card has a countdown.
      if ((await page.locator('[data-island="countdown"]').count()) > 0) await waitForIsland(page, 'countdown');
    }
    if (path === '/prompt1') await page.locator('.copy-button[data-ready="true"]').first().waitFor({ state: 'visible' });
    if (pausedTimers) await pausePageTimers(page);
  } else {
    expect(await page.locator('[data-hydrated]').count()).toBe(0);
  }
  return { page, url: server.url, watched };
}

async function expectNoViolations(page: Page) {
  await scrollThrough(page);
  const results = await runAxe(page);
  expect(results.engine).toBe('axe-core');
  // The rules really ran: a page with text always has colour-contrast results.
  expect(results.passes.length).toBeGreaterThan(10);
  expect(describeViolations(results.violations)).toEqual([]);
  // What axe could not decide by itself ("needs review") is limited to three known cases:
  // - text over a CSS gradient (hero, closing section): reviewed by hand, worst-case
  //   sums in the a11y report;
  // - the fixed top bar's text, whose translucent background lies over whatever is scrolled beneath it:
  //   computed over black and over white in the test 'the top bar text is readable over any content';
  // - the toast's close button, whose visible "×" is a symbol, not a label its name must contain.
  const messageKey = (node: AxeNode): unknown[] => node.any.map((check) => check.messageKey);
  const reviewed = (rule: string, node: AxeNode): boolean =>
    (rule === 'color-contrast' && messageKey(node).includes('bgGradient')) ||
    (rule === 'color-contrast' &&
      messageKey(node).includes('elmPartiallyObscured') &&
      node.any.some((check) => check.relatedTargets[0]?.join(' ') === '.topbar')) ||
    (rule === 'label-content-name-mismatch' && node.target.join(' ').includes('toast__close'));
  const unreviewed = results.incomplete.flatMap((rule) =>
    rule.nodes.filter((node) => !reviewed(rule.id, node)).map((node) => `${rule.id} ${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
  expect(unreviewed).toEqual([]);
  return results;
}

describe('how axe runs', () => {
  it('reports a planted violation of each kind of rule it runs: WCAG 2.0, 2.1 and 2.2 at A and AA, and best practice', async () => {
    const { browser } = await earlyBird.get();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.setContent(`<!DOCTYPE html><html lang="es"><head><title>Faltas a propósito</title></head><body><main>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <p style="color: #c8c8c8; background: #fff">Texto casi invisible</p>
        <label>Correo <input type="text" autocomplete="correo-electronico"></label>
        <div><button style="width: 10px; height: 10px; padding: 0; margin: 0; border: 0" aria-label="Cerrar"></button><button style="width: 10px; height: 10px; padding: 0; margin: 0; border: 0" aria-label="Abrir"></button></div>
      </main></body></html>`);
      const found = (await runAxe(page)).violations.map((violation) => violation.id);
      // image-alt (2.0 A), color-contrast (2.0 AA), autocomplete-valid (2.1 AA), target-size (2.2 AA), page-has-heading-one (best practice).
      expect(found).toEqual(expect.arrayContaining(['image-alt', 'color-contrast', 'autocomplete-valid', 'target-size', 'page-has-heading-one']));
    } finally {
      await context.close();
    }
  });

  it('a context that refuses the page scripts shows the same DOM as one with JavaScript disabled', async () => {
    const { server } = await earlyBird.get();
    // What differs between two requests is the clock: the countdown snapshot and the scripts carrying "now".
    const normalized = (page: Page): Promise<string> =>
      page.evaluate(() => {
        const copy = document.documentElement.cloneNode(true) as HTMLElement;
        for (const value of copy.querySelectorAll('.countdown__value, script[data-island-props], #sale-clock')) value.textContent = '';
        return copy.outerHTML;
      });
    // A 404 document makes Chromium log one "Failed to load resource" line; a refused script, another.
    const expected = ['status of 404 (Not Found)', BLOCKED_SCRIPT_MESSAGE];
    const { page: withoutJs } = await withScripts.page({ javaScript: false, expected });
    const { page: withoutScripts } = await withoutScriptsTabs.page({ expected });
    for (const path of ['/', '/prompt1', NOT_FOUND_PATH]) {
      // Both loaded (goto waits for the load event): with every script refused, nothing can change either DOM later.
      await Promise.all([withoutJs.goto(`${server.url}${path}`), withoutScripts.goto(`${server.url}${path}`)]);
      const html = await normalized(withoutScripts);
      // What the page's script would wake: the countdown island, the copy buttons; the 404 has none.
      expect(html).toContain({ '/': 'data-hydrate=', '/prompt1': 'data-prompt-copy=' }[path] ?? 'Oops! Page not found');
      expect(await normalized(withoutJs)).toBe(html);
    }
  });
});

/**
 * Every page is scanned at both widths and with JavaScript on and off, but not in every pairing where one scan already
 * covers another: a page whose markup is the same with and without script (the 404, the outage page) is scanned
 * with script at one width and without at the other; each later state of the landing page likewise, since what it
 * changes (the pricing card, the hero's badge) is the same markup at both widths. The Early Bird landing page, the
 * one with the most islands, is scanned in all four.
 */
const ALL_FOUR = [true, false].flatMap((javaScript) => WIDTHS.map((width) => ({ javaScript, width })));
const CROSSED = [
  { javaScript: true, width: 390 },
  { javaScript: false, width: 1280 },
];
const CROSSED_BACK = CROSSED.map(({ javaScript, width }) => ({ javaScript: !javaScript, width }));

describe('zero violations, Early Bird state', () => {
  it.each(ALL_FOUR)('landing page with an FAQ answer open, JavaScript $javaScript, $width px', async ({ javaScript, width }) => {
    const { page } = await visit(earlyBird, '/', { javaScript, width });
    const item = page.locator('details.faq-item').nth(2);
    await item.locator('summary').click();
    await expect.poll(() => item.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    expect(await page.getByText(faq.items[2]!.answer).isVisible()).toBe(true);
    const results = await expectNoViolations(page);
    // The offer, priced in pesos with the dollars beside it, and the open answer were on the page that was checked,
    // and axe looked at both.
    expect(await page.locator('.price-card--early del').isVisible()).toBe(true);
    expect(await page.locator('.price-card__now--pesos').isVisible()).toBe(true);
    expect(passedOn(results, 'color-contrast', 'price-card')).toBe(true);
    expect(passedOn(results, 'color-contrast', 'price-card__dollars')).toBe(true);
    expect(passedOn(results, 'color-contrast', 'price-card__taxes')).toBe(true);
    expect(passedOn(results, 'color-contrast', 'faq-item__answer')).toBe(true);
  });

  it.each(WIDTHS)('/prompt1 without JavaScript, %i px', async (width) => {
    const { page } = await visit(earlyBird, '/prompt1', { javaScript: false, width });
    const results = await expectNoViolations(page);
    expect(passedOn(results, 'color-contrast', 'prompt')).toBe(true);
  });

  const pages = [NOT_FOUND_PATH, ROUTES.outage.path].flatMap((path) => CROSSED.map((pairing) => ({ path, ...pairing })));
  it.each(pages)('$path, JavaScript $javaScript, $width px', async ({ path, javaScript, width }) => {
    const { page } = await visit(earlyBird, path, { javaScript, width });
    await expectNoViolations(page);
  });

  // The legal pages ship no script, so one scan is the page with JavaScript on and off alike: each on a phone, and the
  // longest on a desktop too (they share one layout).
  const legalCases = [
    ...[ROUTES.terms.path, ROUTES.refunds.path, ROUTES.privacy.path].map((path) => ({ path, width: 390 })),
    { path: ROUTES.terms.path, width: 1280 },
  ];
  it.each(legalCases)('$path, no script at all, $width px', async ({ path, width }) => {
    const { page } = await visit(earlyBird, path, { javaScript: true, width });
    expect(await page.locator('script').count()).toBe(0);
    const results = await expectNoViolations(page);
    // Its links, in the text and in the footer, were among what axe checked.
    expect(passedOn(results, 'color-contrast', 'legal')).toBe(true);
    expect(passedOn(results, 'link-name', 'footer')).toBe(true);
  });

  // /prompt1 with JavaScript is scanned with each toast showing, one at each width.
  it.each([
    { tone: 'success', width: 390 },
    { tone: 'destructive', width: 1280 },
  ] as const)('/prompt1 with a $tone copy toast showing, $width px', async ({ width, tone }) => {
    const { page, url, watched } = await visit(earlyBird, '/prompt1', { javaScript: true, width, pausedTimers: true });
    if (tone === 'success') {
      await watched.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    } else {
      // The clipboard refuses, as in the islands test: the destructive toast.
      await page.evaluate(() =>
        Object.defineProperty(Clipboard.prototype, 'writeText', {
          configurable: true,
          value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
        }),
      );
    }
    await page.getByRole('button', { name: promptCopy.copyAll }).click();
    const toast = page.locator(tone === 'success' ? '[role="status"] .toast' : '[role="alert"] .toast--destructive');
    await toast.waitFor({ state: 'visible' });
    // Once it has slid in: mid-animation axe cannot tell what is behind the text ("partially obscured").
    await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    // Focus in the toast holds it on screen, as for a visitor on their way to its close button; only then does the
    // page's time run again, which axe needs (it settles through timers).
    await toast.getByRole('button', { name: promptCopy.dismiss }).focus();
    await page.clock.runFor(10_000);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.resume();
    const results = await expectNoViolations(page);
    // The toast was on screen while axe looked, and axe looked at it.
    expect(await toast.isVisible()).toBe(true);
    expect(passedOn(results, 'color-contrast', 'toast__title')).toBe(true);
    expect(passedOn(results, 'color-contrast', 'toast__description')).toBe(true);
    expect(passedOn(results, 'button-name', 'toast__close')).toBe(true);
  });
});

describe('zero violations, normal-price state', () => {
  it.each(CROSSED)('landing page, JavaScript $javaScript, $width px, and the disabled button is readable', async ({ javaScript, width }) => {
    const { page } = await visit(normalPrice, '/', { javaScript, width });
    const button = page.getByRole('button', { name: pricing.normalCta });
    expect(await button.isVisible()).toBe(true);
    expect(await button.isDisabled()).toBe(true);
    await expectNoViolations(page);

    // axe leaves disabled controls out of colour-contrast: the sum is done here, from computed styles.
    const layers = await button.evaluate((element) => {
      const chain: { background: string; opacity: string }[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        chain.push({ background: style.backgroundColor, opacity: style.opacity });
      }
      return { color: getComputedStyle(element).color, chain };
    });
    // Paint the backgrounds from the canvas (white) up to the button; opacity of the button's own layer counts.
    let background: Rgba = [255, 255, 255, 1];
    for (const layer of [...layers.chain].reverse()) {
      const [r, g, b, a] = parseColor(layer.background);
      background = blend([r, g, b, a * Number(layer.opacity)], background);
    }
    const [r, g, b, a] = parseColor(layers.color);
    const text = blend([r, g, b, a * Number(layers.chain[0]!.opacity)], background);
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('zero violations, sold-out and closed states', () => {
  const cases = [
    { state: 'sold out', rig: soldOut, status: 'Cupo lleno' },
    { state: 'closed', rig: closed, status: 'Inscripciones cerradas' },
  ].flatMap((entry, index) => (index === 0 ? CROSSED_BACK : CROSSED).map((pairing) => ({ ...entry, ...pairing })));

  it.each(cases)('landing page $state, JavaScript $javaScript, $width px', async ({ rig, status, javaScript, width }) => {
    const { page } = await visit(rig, '/', { javaScript, width });
    expect(await page.locator('.price-card__status').textContent()).toBe(status);
    await expectNoViolations(page);
  });
});

describe('the fixed top bar', () => {
  it.each(WIDTHS)('its text is readable over any content scrolled beneath it, %i px', async (width) => {
    const { page } = await visit(earlyBird, '/', { javaScript: true, width });
    // Its background is translucent: axe cannot know what is beneath, so the worst cases are summed here.
    const samples = await page.locator('.topbar__brand, .topbar__links a').evaluateAll((links) =>
      links.map((link) => {
        const chain: string[] = [];
        for (let node: Element | null = link; node && !node.matches('body'); node = node.parentElement) chain.push(getComputedStyle(node).backgroundColor);
        return { name: link.textContent ?? '', color: getComputedStyle(link).color, chain };
      }),
    );
    expect(samples.map((sample) => sample.name)).toEqual([nav.brand, ...nav.links.map((link) => link.label)]);
    for (const sample of samples) {
      for (const beneath of [
        [0, 0, 0, 1],
        [255, 255, 255, 1],
      ] as Rgba[]) {
        let background = beneath;
        for (const layer of [...sample.chain].reverse()) background = blend(parseColor(layer), background);
        const ratio = contrastRatio(blend(parseColor(sample.color), background), background);
        expect({ name: sample.name, beneath, ok: ratio >= 4.5 }).toEqual({ name: sample.name, beneath, ok: true });
      }
    }
  });
});
