/**
 * What makes or breaks a sale, in the three engines visitors arrive with: Chromium, Firefox (Gecko) and WebKit
 * (every browser on an iPhone, Instagram's and TikTok's included), each from Debian's packages, at a phone's
 * width, on the built server. One set of behaviours, run per engine; scripts/lib/engines/ drives each. A buyer's
 * refund after a new date is one of them: a form's POST the browser must send as coming from this site.
 * The rest of the browser suite (tests/browser, tests/a11y) runs in Chromium only.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessChanges } from '../../shared/content/accessPageWords';
import { contactCalls, faq, pricing } from '../../shared/content/landingPageWords';
import { promptCopy, promptPage } from '../../shared/content/promptPageWords';
import { freePort, type RunningServer, sellingEnv, startBuiltServer } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { runningFrom, serveApp } from '../helpers/servedApp';
import { BEFORE_DEADLINE_MS, DEFAULT_DEADLINE_MS, TEST_START_MS } from '../helpers/testApp';
import { accessPathOf, mailedRefundLink, markConfirmedFor, startRig } from '../helpers/fulfilment';
import { type Engine, type EngineName, type EnginePage, LAPTOP, type OpenOptions, PHONE, waitInPage } from '../../scripts/lib/engines/engine';
import { ENGINES } from '../../scripts/lib/engines/launch';
import { startLoopbackProxy } from '../../scripts/lib/loopbackProxy';

const CHECKOUT_URL = 'https://buy.stripe.com/test_motores';

/** Started by the first test that needs it, so that a missing browser fails each test rather than skipping it. */
function lazily<T extends { close?(): Promise<unknown>; stop?(): Promise<unknown> }>(start: () => Promise<T>) {
  let started: Promise<T> | undefined;
  return {
    get: (): Promise<T> => (started ??= start()),
    async close() {
      const value = await started?.catch(() => undefined);
      await value?.close?.();
      await value?.stop?.();
    },
  };
}

// A sale in progress, weeks from its deadline.
const server = lazily<RunningServer>(() => startBuiltServer({ ...sellingEnv(), CHECKOUT_URL }));
afterAll(() => server.close());

/**
 * The sale's last five minutes, and the workshop five minutes after them: the app served at an instant of its own,
 * which real time never moves, so that however long this file takes, only the page's own clock, moved on by the test,
 * reaches the deadline and the start.
 */
const LAST_MINUTES_MS = 300_000;
const lastMinutes = lazily(() =>
  serveApp({
    now: DEFAULT_DEADLINE_MS - LAST_MINUTES_MS,
    env: {
      CHECKOUT_URL,
      EARLY_BIRD_DEADLINE: new Date(DEFAULT_DEADLINE_MS).toISOString(),
      WORKSHOP_START: new Date(DEFAULT_DEADLINE_MS + LAST_MINUTES_MS).toISOString(),
    },
  }),
);
afterAll(() => lastMinutes.close());

/** What a browser's request said it came from, as a proxy in front of the site saw it. */
interface Sent {
  method: string;
  path: string;
  referer: string | undefined;
  origin: string | undefined;
}

/**
 * The buyer's side: the app with its mails, against the Stripe stand-in, weeks before the start, behind a proxy that
 * records where each request says it came from (as a CDN's log would), served where PUBLIC_URL says.
 */
const refundSite = lazily(async () => {
  const rig = await startRig();
  const port = await freePort();
  const sent: Sent[] = [];
  const proxy = await startLoopbackProxy(`http://127.0.0.1:${port}`, {
    answer: (req) => {
      sent.push({ method: req.method ?? '', path: req.url ?? '', referer: req.headers.referer, origin: req.headers.origin });
      return false;
    },
  });
  const site = await serveApp({ now: runningFrom(BEFORE_DEADLINE_MS), env: rig.env(), port, publicUrl: proxy.url });
  return {
    rig,
    url: proxy.url,
    sent,
    async close() {
      await proxy.stop();
      await site.close();
      await rig.close();
    },
  };
});
afterAll(() => refundSite.close());

/** Wakes an island as a visitor does (it is scrolled to) and waits until React has hydrated it. */
async function wakeIsland(page: EnginePage, name: string): Promise<void> {
  await page.evaluate((island) => document.querySelector(`[data-island="${island}"]`)?.scrollIntoView(), name);
  await waitInPage(page, `the ${name} island to hydrate`, (island) => document.querySelector(`[data-island="${island}"][data-hydrated="true"]`) !== null, [
    name,
  ]);
}

/** Waits until the page's script has shown and enabled the prompt page's copy buttons (no island: the entry does it). */
const copyButtonsAwake = (page: EnginePage): Promise<boolean> =>
  waitInPage(page, 'the copy buttons to wake', () => document.querySelectorAll('.copy-button[data-ready="true"]:enabled').length === 2, []);

const cardState = (page: EnginePage): Promise<string | undefined> =>
  page.evaluate(() => /price-card--([a-z-]+)/.exec(document.querySelector('.pricing__card .price-card')?.className ?? '')?.[1]);

/** The countdown as shown, like "00:00:04:59". */
const countdownText = (page: EnginePage): Promise<string> =>
  page.evaluate(() => [...document.querySelectorAll('.countdown__value')].map((value) => value.textContent).join(':'));

const toSeconds = (text: string): number =>
  text
    .split(':')
    .map(Number)
    .reduce((total, value, index) => total + value * [86_400, 3_600, 60, 1][index]!, 0);

const openFaqItems = (page: EnginePage): Promise<number[]> =>
  page.evaluate(() => [...document.querySelectorAll<HTMLDetailsElement>('details.faq-item')].flatMap((item, index) => (item.open ? [index] : [])));

/**
 * Moves the paused page clock on by `ms`, twenty seconds at a time: WebKit's WebDriver times each script it runs
 * with the page's own setTimeout, which the probe's clock replaces, so one long jump would time out the very
 * script that makes it.
 */
async function runClockFor(page: EnginePage, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 20_000) await page.evaluate((step) => window.__engineProbe!.clock!.runFor(step), Math.min(left, 20_000));
}

const shownAnswers = (page: EnginePage): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('.faq-item__answer')].filter((answer) => answer.checkVisibility()).map((answer) => answer.textContent ?? ''),
  );

const faqSummary = (index: number): string => `details.faq-item:nth-of-type(${index + 1}) > summary`;

/** In-page links a visitor taps first, each on a page of its own: where a first tap lands is what is tested. */
const FIRST_TAPS = [
  { tap: "the hero's call to action", link: '.hero__actions .btn--primary', target: 'precios', scrollFirst: false, laptop: false },
  { tap: "the top bar's link to the FAQ", link: '.topbar__links a[href="#faq"]', target: 'faq', scrollFirst: false, laptop: true },
  { tap: "the top bar's call to action, after a scroll by hand", link: '.topbar__cta', target: 'precios', scrollFirst: true, laptop: false },
] as const;

/** Where the fixed bar's bottom and the element's top are in the viewport, read once two more frames have been drawn. */
const placement = (page: EnginePage, id: string): Promise<{ bar: number; top: number }> =>
  page.evaluate(
    (target) =>
      new Promise<{ bar: number; top: number }>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve({
              bar: Math.round(document.querySelector('.topbar')!.getBoundingClientRect().bottom),
              top: Math.round(document.getElementById(target)!.getBoundingClientRect().top),
            }),
          ),
        ),
      ),
    id,
  );

/**
 * The same, read from outside the page until three reads 150 ms apart agree: with JavaScript off the page draws no
 * frame callback, and the engine lays out the blocks around a jump's target as it draws them.
 */
async function settledPlacement(page: EnginePage, id: string): Promise<{ bar: number; top: number }> {
  const read = () =>
    page.evaluate(
      (target) => ({
        bar: Math.round(document.querySelector('.topbar')!.getBoundingClientRect().bottom),
        top: Math.round(document.getElementById(target)!.getBoundingClientRect().top),
      }),
      id,
    );
  let last = await read();
  for (let same = 0, until = Date.now() + WAIT_BOUND_MS; same < 2; ) {
    if (Date.now() > until) throw new Error(`waited for #${id} to stay put: not within ${WAIT_BOUND_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = await read();
    same = now.top === last.top ? same + 1 : 0;
    last = now;
  }
  return last;
}

const NAMES = Object.keys(ENGINES) as EngineName[];
const engines = Object.fromEntries(NAMES.map((name) => [name, lazily(ENGINES[name])])) as Record<EngineName, ReturnType<typeof lazily<Engine>>>;
describe.each(NAMES)('%s', (name) => {
  const engine = engines[name];
  let page: EnginePage | undefined;
  // This engine and the site start before the first test, not within it, and not beside another engine's tests: on
  // one core a browser starting takes its time from the test running. Each test still awaits its own engine, so
  // one that cannot start fails its tests with its own message.
  beforeAll(async () => {
    await Promise.all([engine.get(), server.get()]).catch(() => undefined);
  });
  afterAll(() => engine.close());

  afterEach(async () => {
    // No test may leave a console error, an uncaught error, a failed load or a CSP violation on any page it showed.
    const shown = page;
    page = undefined;
    if (!shown) return;
    const problems = await shown.problems();
    await shown.close();
    expect(problems).toEqual([]);
  });

  async function open(options: OpenOptions): Promise<EnginePage> {
    const [started, site] = await Promise.all([engine.get(), server.get()]);
    page = await started.open(site.url, options);
    return page;
  }

  it('JavaScript on: the landing page wakes its island and the prompt page its copy buttons, and nothing is logged', async () => {
    const shown = await open({ javaScript: true });
    await shown.goto('/');
    expect(await cardState(shown)).toBe('early');
    // The headings' size-adjusted face of this machine's serif (shared/styles/fonts.css), found by every engine's own rules.
    expect(
      await shown.evaluate(() =>
        document.fonts.ready.then((fonts) => [...fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replaceAll('"', ''))),
      ),
    ).toEqual(['Heading DejaVu Serif']);
    await wakeIsland(shown, 'countdown');
    await shown.goto('/prompt1');
    await copyButtonsAwake(shown);
  });

  it('would notice a console error, an uncaught error and a CSP violation (the watcher works)', async () => {
    const shown = await open({ javaScript: true });
    await shown.goto('/');
    await shown.evaluate(() => {
      console.error('planted');
      setTimeout(() => {
        throw new Error('planted uncaught');
      });
      const image = document.createElement('img');
      image.src = 'https://elsewhere.example.org/pixel.png';
      document.body.append(image);
    });
    const seen: string[] = [];
    const collected = async (): Promise<string[]> => {
      seen.push(...(await shown.problems()));
      return seen;
    };
    // This test's page is its own business: what it planted is not left for the check after each test.
    page = undefined;
    try {
      await expect
        .poll(collected)
        .toEqual(
          expect.arrayContaining([
            expect.stringMatching(/console\.error: planted$/),
            expect.stringMatching(/planted uncaught/),
            expect.stringMatching(/CSP: img-src/),
          ]),
        );
    } finally {
      await shown.close();
    }
  });

  it("carries the landing URL's valid utm_* values onto the checkout link, and drops the rest", async () => {
    const shown = await open({ javaScript: true });
    await shown.goto(
      '/?utm_source=instagram&utm_medium=social&utm_campaign=lanzamiento&utm_content=reel-7&utm_term=%C3%B1and%C3%BA&fbclid=IwAR0xyz&gclid=Cj0KCQ',
    );
    const href = await waitInPage(
      shown,
      'the attributed checkout link',
      () => {
        const link = document.querySelector('a[data-checkout]')?.getAttribute('href') ?? '';
        return link.includes('client_reference_id') ? link : '';
      },
      [],
    );
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe(CHECKOUT_URL);
    // The term is not one Stripe accepts ("ñ"): dropped, as fbclid and gclid are.
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'lanzamiento',
      utm_content: 'reel-7',
      client_reference_id: 'instagram__social__lanzamiento__reel-7',
    });
    // Nothing kept on the visitor's device.
    expect(await shown.evaluate(() => ({ cookies: document.cookie, stored: localStorage.length + sessionStorage.length }))).toEqual({ cookies: '', stored: 0 });
  });

  it('counts down second by second, turns to the normal price at the deadline and to closed at the start, in place', async () => {
    const [started, site] = await Promise.all([engine.get(), lastMinutes.get()]);
    const shown = await started.open(site.url, { javaScript: true, clock: true });
    page = shown;
    await shown.goto('/');
    await wakeIsland(shown, 'countdown');
    await shown.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
      window.__engineProbe!.clock!.pause();
    });
    // A tick that fired just before the pause may still be on its way to the screen on a busy machine: two frames
    // later it is there, and the countdown shows the paused time.
    await shown.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    expect(await cardState(shown)).toBe('early');

    let previous = await countdownText(shown);
    expect(toSeconds(previous)).toBeGreaterThan(60);
    for (let change = 0; change < 3; change += 1) {
      await runClockFor(shown, 1_000);
      const current = await waitInPage(
        shown,
        'the countdown to move',
        (before) => {
          const now = [...document.querySelectorAll('.countdown__value')].map((value) => value.textContent).join(':');
          return now === before ? '' : now;
        },
        [previous],
      );
      expect(toSeconds(previous) - toSeconds(current)).toBe(1);
      previous = current;
    }

    await runClockFor(shown, (toSeconds(previous) + 1) * 1_000);
    await waitInPage(shown, 'the normal-price card', () => document.querySelector('.pricing__card .price-card--normal') !== null, []);
    expect(await shown.evaluate(() => document.querySelectorAll('.pricing__card .price-card--early, .pricing__card [role="timer"]').length)).toBe(0);
    expect(await shown.evaluate(() => [...document.querySelectorAll('.pricing__card .price-card__amount')].map((amount) => amount.textContent))).toEqual([
      '97',
    ]);
    expect(await shown.evaluate((checkout) => document.querySelectorAll(`a[href^="${checkout}"]`).length, CHECKOUT_URL)).toBe(0);
    expect(
      await shown.evaluate(() => {
        const button = document.querySelector<HTMLButtonElement>('.pricing__card button');
        return { label: button?.textContent, disabled: button?.disabled };
      }),
    ).toEqual({ label: pricing.normalCta, disabled: true });
    expect(await shown.evaluate(() => document.querySelector('#precios-titulo')?.textContent)).toBe(pricing.normalTitle);

    // The workshop starts five minutes after the deadline.
    await runClockFor(shown, LAST_MINUTES_MS + 1_000);
    await waitInPage(shown, 'the closed card', () => document.querySelector('.pricing__card .price-card--closed') !== null, []);
    expect(
      await shown.evaluate(() => ({
        badge: document.querySelector('.hero .badge')?.textContent,
        status: document.querySelector('.pricing__card .price-card__status')?.textContent,
        call: document.querySelector('.hero__actions .btn--primary')?.textContent,
        mailto: document.querySelector('.hero__actions .btn--primary')?.getAttribute('href')?.startsWith('mailto:'),
      })),
    ).toEqual({ badge: 'Inscripciones cerradas', status: 'Inscripciones cerradas', call: contactCalls.nextEdition.label, mailto: true });
    // The same document all along: no reload, no navigation.
    expect(await shown.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  // Every engine at a phone's width, and at a laptop's, where the top bar is one row, for the longest jump.
  it.each([PHONE, LAPTOP])(
    'lands a first tap on an in-page link just below the fixed bar at $width px, and keeps its target there while the page lays out the rest',
    async (viewport) => {
      for (const { tap, link, target, scrollFirst } of FIRST_TAPS.filter((first) => viewport === PHONE || first.laptop)) {
        const shown = await open({ javaScript: true, clock: true, viewport });
        await shown.goto('/');
        await shown.evaluate(() => window.__engineProbe!.clock!.pause());
        // By hand, in the page's terms: a scroll, the visitor's first gesture, with the blocks around it drawn by the engine.
        if (scrollFirst) await shown.evaluate(() => window.scrollBy(0, 3 * innerHeight));
        await shown.click(link);
        const expectJustBelowTheBar = async (when: string): Promise<void> => {
          const { bar, top } = await placement(shown, target);
          const what = `${tap} at ${viewport.width} px, ${when}: the top of #${target}, in px below the fixed bar (whose bottom is at ${bar} px)`;
          expect(top - bar, what).toBeGreaterThanOrEqual(0);
          expect(top - bar, what).toBeLessThanOrEqual(100);
        };
        await expectJustBelowTheBar('right after the tap');
        // The page's clock, moved on: the page lays out the blocks it skipped, one per pause of the visitor.
        for (const [ms, when] of [
          [500, '0.5 s later'],
          [500, '1 s later'],
          [3_000, '4 s later'],
        ] as const) {
          await runClockFor(shown, ms);
          await expectJustBelowTheBar(when);
        }
        for (let second = 0; second < 10 && !(await shown.evaluate(() => document.documentElement.classList.contains('laid-out'))); second += 1) {
          await runClockFor(shown, 1_000);
        }
        await expectJustBelowTheBar('once the whole page is laid out');
        if (target === 'precios' && !scrollFirst && viewport === PHONE) {
          // The visitor asked to see the price: its countdown is awake, and moves on with the clock.
          await waitInPage(shown, 'the countdown to wake', () => document.querySelector('[data-island="countdown"][data-hydrated="true"]') !== null, []);
          const before = await countdownText(shown);
          await runClockFor(shown, 1_000);
          await waitInPage(
            shown,
            'the countdown to move',
            (shownBefore) => [...document.querySelectorAll('.countdown__value')].map((value) => value.textContent).join(':') !== shownBefore,
            [before],
          );
        }
        page = undefined;
        const problems = await shown.problems();
        await shown.close();
        expect(problems).toEqual([]);
      }
    },
  );

  it('opens one FAQ item at a time, and an open item closes again', async () => {
    const shown = await open({ javaScript: true });
    await shown.goto('/');
    await shown.evaluate(() => document.getElementById('faq')?.scrollIntoView());
    // Scrolling there was the visitor's first gesture: the page now lays out its later blocks, then marks the html.
    await waitInPage(shown, 'the whole page laid out', () => document.documentElement.classList.contains('laid-out'), []);
    expect(await openFaqItems(shown)).toEqual([]);
    for (const [index, expected] of [
      [0, [0]],
      [2, [2]],
      [6, [6]],
      [6, []],
      [1, [1]],
    ] as const) {
      await shown.click(faqSummary(index));
      await expect.poll(() => openFaqItems(shown)).toEqual(expected);
      // The open item's answer is what the visitor now sees, and no other.
      expect(await shownAnswers(shown)).toEqual(expected.map((open) => faq.items[open]!.answer));
    }
  });

  it('puts the exact prompt on the clipboard from each copy button, and says so in a toast', async () => {
    const shown = await open({ javaScript: true, clock: true });
    await shown.goto('/prompt1');
    await copyButtonsAwake(shown);
    // The toast's lifetime on the paused clock: it stays until its close button is pressed, however slow the engine.
    await shown.evaluate(() => window.__engineProbe!.clock!.pause());
    for (const [button, label] of [
      ['.prompt__toolbar:not(.prompt__toolbar--end) .copy-button', promptCopy.copyAll],
      ['.prompt__toolbar--end .copy-button', promptCopy.copyFull],
    ] as const) {
      expect(
        await shown.evaluate((target) => {
          const element = document.querySelector<HTMLButtonElement>(target);
          return { label: element?.textContent, shown: element?.checkVisibility({ visibilityProperty: true }), enabled: element?.disabled === false };
        }, button),
      ).toEqual({ label, shown: true, enabled: true });
      // Something else on the clipboard first, so that what is read back was put there by this click.
      await shown.evaluate(() => navigator.clipboard.writeText('otra cosa'));
      await shown.click(button);
      await waitInPage(shown, 'the success toast', () => document.querySelector('[role="status"] .toast')?.checkVisibility() ?? false, []);
      expect(
        await shown.evaluate(() => [document.querySelector('.toast__title')?.textContent, document.querySelector('.toast__description')?.textContent]),
      ).toEqual(['¡Copiado!', 'El prompt se ha copiado al portapapeles']);
      expect(await shown.evaluate(() => navigator.clipboard.readText())).toBe(promptPage.prompt);
      await shown.click('[role="status"] .toast .toast__close');
      await waitInPage(shown, 'the toast to close', () => document.querySelector('.toast') === null, []);
    }
  });

  it('a buyer asks for the refund a new date entitles them to: the button, the step, the mailed link, its one button, once', async () => {
    const [started, { rig, url, sent }] = await Promise.all([engine.get(), refundSite.get()]);
    const buyer = { name: 'Ana Ruiz', email: `ana.${name.toLowerCase()}@correo.example.org` };
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: BEFORE_DEADLINE_MS - 86_400_000, buyer });
    await markConfirmedFor(rig, sessionId, TEST_START_MS - 7 * 86_400_000);
    const from = sent.length;
    const shown = await started.open(url, { javaScript: true });
    page = shown;
    // Read again until it says so: a read while the form's answer loads finds no page to read.
    const heading = () => shown.evaluate(() => document.querySelector('h1')?.textContent).catch(() => undefined);
    await shown.goto(accessPathOf(sessionId));
    await shown.click('.access__change a.btn');
    await expect.poll(() => shown.evaluate(() => location.pathname)).toBe(`${accessPathOf(sessionId)}/reembolso`);
    // The step's POST mails the purchase's address the link that confirms: the browser said where the form came from.
    await shown.click('.access__confirm button[type="submit"]');
    await expect.poll(heading).toBe(accessChanges.mailSent.heading);
    const intent = rig.stripe.checkout.paymentIntentOf(sessionId)?.id;
    const refunds = () => rig.stripe.checkout.refunds.refunds.filter(({ refund }) => refund.payment_intent === intent);
    expect(refunds()).toEqual([]);
    const link = (await mailedRefundLink(rig, buyer.email)) ?? '';
    await shown.goto(link);
    expect(await heading()).toBe(accessChanges.link.heading);
    await shown.click('.access__confirm button[type="submit"]');
    // Taken, and answered once the refund is decided; the refund follows, its writes to Stripe each in its lane's turn.
    await expect.poll(heading).toBe(accessChanges.started.heading('Ana'));
    await expect.poll(() => refunds().length).toBe(1);
    // Each POST named the page's origin (an engine may serve it through a proxy of its own), nothing more, and no
    // request of the visit carried the personal link's token or the link's code in a Referer.
    const origin = await shown.evaluate(() => location.origin);
    const token = accessPathOf(sessionId).split('/')[2] ?? '';
    const code = link.split('/').at(-1) ?? '';
    const visit = sent.slice(from);
    const posts = visit.filter((request) => request.method === 'POST');
    expect(posts.map(({ path, origin: said }) => [path, said])).toEqual([
      [`${accessPathOf(sessionId)}/reembolso`, origin],
      [link, origin],
    ]);
    for (const post of posts) expect(post.referer ?? `${origin}/`).toBe(`${origin}/`);
    expect(visit.filter((request) => request.referer?.includes(token) || request.referer?.includes(code))).toEqual([]);
  });

  it('JavaScript off: the Early Bird offer with its plain checkout link, the FAQ by <details>, and no copy button', async () => {
    const shown = await open({ javaScript: false });
    await shown.goto('/?utm_source=instagram&utm_campaign=lanzamiento');
    // What the page shows, read in one script: each call to a WebDriver is a round trip of its own.
    const landing = await shown.evaluate(() => ({
      heading: document.querySelector('h1')?.checkVisibility({ visibilityProperty: true }) ?? false,
      card: /price-card--([a-z-]+)/.exec(document.querySelector('.pricing__card .price-card')?.className ?? '')?.[1],
      amounts: [...document.querySelectorAll('.price-card__amount')].map((amount) => amount.textContent),
      countdown: [...document.querySelectorAll('.countdown__value')].map((value) => value.textContent ?? ''),
      checkout: document.querySelector('a[data-checkout]')?.getAttribute('href'),
      hydrated: document.querySelectorAll('[data-hydrated]').length,
    }));
    expect(landing).toMatchObject({ heading: true, card: 'early', amounts: ['49'] });
    expect(landing.countdown).toHaveLength(4);
    expect(landing.countdown.every((value) => /^\d{2,}$/.test(value))).toBe(true);
    // No script ran: the link is the plain CHECKOUT_URL, and no island woke.
    expect(landing).toMatchObject({ checkout: CHECKOUT_URL, hydrated: 0 });
    // The first tap on the top bar's link to the prices lands on them, with no script to help.
    await shown.click('.topbar__links a[href="#precios"]');
    const { bar, top } = await settledPlacement(shown, 'precios');
    expect(top - bar, `the top of #precios, in px below the fixed bar (whose bottom is at ${bar} px)`).toBeGreaterThanOrEqual(0);
    expect(top - bar, `the top of #precios, in px below the fixed bar (whose bottom is at ${bar} px)`).toBeLessThanOrEqual(100);

    // The shared name="faq" keeps the native accordion exclusive without the island.
    for (const [index, expected] of [
      [0, [0]],
      [0, []],
      [1, [1]],
      [4, [4]],
    ] as const) {
      await shown.click(faqSummary(index));
      await expect.poll(() => openFaqItems(shown)).toEqual(expected);
    }

    await shown.goto('/prompt1');
    const prompt = await shown.evaluate(() => ({
      buttons: [...document.querySelectorAll<HTMLButtonElement>('button.copy-button')].map((button) => ({
        shown: button.checkVisibility({ visibilityProperty: true }),
        disabled: button.disabled,
      })),
      text: document.querySelector('pre.prompt__text')?.textContent,
      textShown: document.querySelector('pre.prompt__text')?.checkVisibility({ visibilityProperty: true }) ?? false,
    }));
    expect(prompt).toEqual({
      buttons: [
        { shown: false, disabled: true },
        { shown: false, disabled: true },
      ],
      text: promptPage.prompt,
      textShown: true,
    });
  });
});
