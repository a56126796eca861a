/**
 * The checkout follows the owner's changes too: the real app on timers the test moves (tests/spots/time.ts), its links
 * read and written through the real SDK at the Stripe stand-in. Closing sales again closes a link the owner reopened;
 * a date moved later gives back the payment methods the cards-only switch took; a next edition counts its own places,
 * whether it keeps its link (the environment's way) or has the site create its own (the panel's); a link dropped from
 * the settings is closed. Each change recorded at Stripe takes effect after its undo window (CHANGE_DELAY_SECONDS).
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../scripts/lib/harness';
import { type StandInLink, startStripeStandIn, type StripeStandIn } from '../../scripts/lib/stripeStandIn';
import { pricing } from '../../shared/content/landingPageWords';
import { cardsOnlyFromMs } from '../../shared/logic/cardsOnly';
import { isoInWorkshopZone, workshopSchedule } from '../../shared/logic/schedule';
import { parseHtml, textOf } from '../helpers/html';
import { sellingUpdates } from '../helpers/recordWrites';
import { testApp } from '../helpers/testApp';
import { manualTime } from './time';

const KEY = 'rk_test_51LinksAfterChanges0123456789';
const EARLY_BIRD = 'plink_1ChangesEarlyBird';
const NORMAL = 'plink_1ChangesNormalPrice';
const DEADLINE_ISO = '2025-09-30T23:59:59-06:00';
const START_ISO = '2025-10-08T20:00:00-06:00';
const START_MS = Date.parse(START_ISO);
const POLL = 2_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WINDOW = 10 * MINUTE;

let stripe: StripeStandIn;
let normal: StandInLink;
let apps: ReturnType<typeof testApp>[] = [];
beforeEach(async () => {
  stripe = await startStripeStandIn({ key: KEY, linkId: EARLY_BIRD, count: 12 });
  normal = stripe.addLink(NORMAL, { limit: null, price: { currency: 'usd', unitAmount: 9700 }, paymentMethodTypes: ['card', 'oxxo'] });
});
afterEach(async () => {
  for (const app of apps) app.stop();
  apps = [];
  await stripe.close();
});

const env = (extra: Record<string, string> = {}) => ({
  STRIPE_SECRET_KEY: KEY,
  STRIPE_PAYMENT_LINK: EARLY_BIRD,
  STRIPE_API_URL: stripe.url,
  SPOTS_POLL_SECONDS: String(POLL / 1000),
  STRIPE_NORMAL_PAYMENT_LINK: NORMAL,
  NORMAL_CHECKOUT_URL: 'https://buy.stripe.com/test_changesnormal',
  EDITION: 'otono-2025',
  EARLY_BIRD_DEADLINE: DEADLINE_ISO,
  WORKSHOP_START: START_ISO,
  ...extra,
});

/** An instance started with these settings on the test's timers, once its first poll has read the sale's record. */
async function started(time: ReturnType<typeof manualTime>, extra: Record<string, string> = {}) {
  const app = testApp({ now: time.clock, env: env(extra), scheduler: time.scheduler });
  apps.push(app);
  await app.live.refresh();
  return app;
}

/**
 * Lets `ms` pass: the clock moves on, then a poll's timers run (each instance's keeper, its reads), as they would at the
 * end of that time; the minutes between, when nothing is due, are not played out second by second.
 */
const pass = (time: ReturnType<typeof manualTime>, ms: number): void => {
  time.stepClock(Math.max(0, ms - POLL));
  time.advanceTo(time.clock() + POLL);
};
const until = (time: ReturnType<typeof manualTime>, what: string, check: () => boolean | Promise<boolean>) =>
  waitUntil(
    what,
    () => {
      time.advanceTo(time.clock() + POLL);
      return check();
    },
    5_000,
    10,
  );
const spotsLine = async (app: ReturnType<typeof testApp>): Promise<string> =>
  textOf(parseHtml((await request(app.app).get('/')).text).querySelector('#precios .price-card__spots'));

describe('closing sales again', () => {
  it("closes the Early Bird's link the owner had turned on again by hand, from the environment as from the panel", async () => {
    const time = manualTime(Date.parse(DEADLINE_ISO) - 5 * DAY);
    await started(time, { SOLD_OUT: 'true' });
    await until(time, 'the link closed by SOLD_OUT', () => !stripe.link().active);
    stripe.setActive(true);

    // The operator opens sales again, then closes them again: each a change, the second closing what the owner reopened.
    await started(time, { SOLD_OUT: 'false' });
    pass(time, WINDOW + POLL);
    await until(time, "the normal price's link, which the site had closed, open again", () => normal.read([]).active);
    expect(stripe.link().active).toBe(true);
    await started(time, { SOLD_OUT: 'true' });
    pass(time, WINDOW + POLL);
    await until(time, 'the reopened link closed again', () => !stripe.link().active);

    // From the panel: the owner turns it on again, closes sales again, and it closes once the change is in force.
    stripe.setActive(true);
    const panel = await started(time, { SOLD_OUT: 'true' });
    const closing = await panel.changes?.schedule({ kind: 'close' }, 'sesion-1');
    expect(closing).toEqual({ scheduled: expect.objectContaining({ change: { kind: 'close' } }) });
    pass(time, WINDOW - MINUTE);
    expect(stripe.link().active).toBe(true);
    pass(time, MINUTE + POLL);
    await until(time, 'closed again from the panel', () => !stripe.link().active);
    const closes = sellingUpdates(stripe.linkUpdates).filter((update) => update.active === false);
    expect(new Set(closes.map((update) => update.metadata.taller_closed_by_site)).size).toBe(3);
  });
});

describe('a date moved later', () => {
  it("gives back the payment methods the cards-only switch took, and the link takes cards only again at the new date's instant", async () => {
    const time = manualTime(cardsOnlyFromMs(START_MS) + MINUTE);
    await started(time);
    await until(time, 'the normal price cards only', () => JSON.stringify(normal.read([]).payment_method_types) === '["card"]');

    const later = START_MS + 14 * DAY;
    await started(time, { WORKSHOP_START: isoInWorkshopZone(later) });
    pass(time, WINDOW + POLL);
    await until(time, 'its methods given back', () => JSON.stringify(normal.read([]).payment_method_types) === '["card","oxxo"]');
    expect(normal.read([]).metadata).not.toHaveProperty('taller_cards_only_by_site');

    pass(time, cardsOnlyFromMs(later) + POLL - time.clock());
    await until(time, 'cards only again, for the new date', () => JSON.stringify(normal.read([]).payment_method_types) === '["card"]');
  });
});

describe('the next edition', () => {
  it('that keeps its link counts its own places: Quedan 30 de 30, not 30 de 60', async () => {
    // 30 sold of 30: Stripe turned the link off at its limit.
    stripe.sell(18);
    const time = manualTime(START_MS + DAY);
    await started(time);
    expect(stripe.link().active).toBe(false);

    // As docs/operations.md says: the owner raises the limit by the new edition's 30 places and turns the link on,
    // names the edition, gives its dates, and restarts.
    stripe.setLimit(60);
    stripe.setActive(true);
    const next = START_MS + 60 * DAY;
    const site = await started(time, {
      EDITION: 'invierno-2026',
      WORKSHOP_START: isoInWorkshopZone(next),
      EARLY_BIRD_DEADLINE: isoInWorkshopZone(next - 10 * DAY),
    });
    pass(time, WINDOW + POLL);
    await waitUntil(
      'its own count',
      async () => {
        time.advanceTo(time.clock() + POLL);
        return (await spotsLine(site)) === pricing.spotsLeft(30, 30);
      },
      5_000,
      10,
    );
    expect(stripe.link().active).toBe(true);
  });

  it("from the panel: its links created with the same price and places, off until it takes effect, then the page's", async () => {
    const time = manualTime(START_MS + DAY);
    const site = await started(time);
    const next = START_MS + 60 * DAY;
    const change = { kind: 'edition', edition: 'invierno-2026', startMs: next, earlyBirdDeadlineMs: next - 10 * DAY } as const;
    const preview = await site.changes?.preview(change, time.clock());
    expect(preview?.links).toEqual([
      { role: 'early_bird', price: '49 USD', limit: 30 },
      { role: 'normal', price: '97 USD', limit: null },
    ]);
    const result = await site.changes?.schedule(change, 'sesion-1');
    expect(result).toEqual({ scheduled: expect.objectContaining({ change }) });
    expect(
      stripe.createdLinks.map((link) => [link.read([]).active, link.read([]).restrictions?.completed_sessions.limit ?? null, link.price().unitAmount]),
    ).toEqual([
      [false, 30, 4900],
      [false, null, 9700],
    ]);
    pass(time, WINDOW + POLL);
    await until(time, 'both on', () => stripe.createdLinks.every((link) => link.read([]).active));
    // The page offers a link once a poll has read it on; that read answers in its own time, after the poll's timer.
    const url = stripe.createdLinks[0]?.read([]).url ?? '';
    let page = '';
    await until(time, "the page offering the new edition's link", async () => {
      page = (await request(site.app).get('/')).text;
      return page.includes(url);
    });
    expect(page).toContain(workshopSchedule(next).dateLabel);
    expect(await spotsLine(site)).toBe(pricing.spotsLeft(30, 30));
  });
});

describe('a link dropped from the settings', () => {
  it('is closed, whatever the settings say later', async () => {
    const time = manualTime(Date.parse(DEADLINE_ISO) + DAY);
    await started(time);
    await started(time, { STRIPE_NORMAL_PAYMENT_LINK: '', NORMAL_CHECKOUT_URL: '' });
    pass(time, WINDOW + POLL);
    await until(time, 'the dropped link closed', () => !normal.read([]).active);
    expect(normal.read([]).metadata.taller_closed_by_site).toBe(`dropped@${START_ISO}`);
  });
});
