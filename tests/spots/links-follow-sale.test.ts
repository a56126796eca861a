/**
 * The checkout follows the sale: the real app, assembled as the entry assembles it (server/site.ts) on timers the test
 * moves (tests/spots/time.ts), its links read and updated through the real SDK at the Stripe stand-in, which keeps
 * Stripe's idempotency. The Early Bird's link is turned off at its deadline, by the owner's sold-out switch and at the
 * start; the normal price's at the start; both take cards only once a voucher could be credited too late. Each change
 * is one update, whatever the instances and restarts, and never turns a link on.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { type StandInLink, startStripeStandIn, type StripeStandIn } from '../../scripts/lib/stripeStandIn';
import { cardsOnlyFromMs } from '../../shared/logic/cardsOnly';
import { parseHtml, textOf } from '../helpers/html';
import { ERROR, type LogLine } from '../helpers/logs';
import { seriesValue } from '../helpers/seriesValue';
import { testApp } from '../helpers/testApp';
import { manualTime } from './time';
import { sellingUpdates } from '../helpers/recordWrites';

const KEY = 'rk_test_51LinksFollowTheSale0123456789';
const EARLY_BIRD = 'plink_1LinksEarlyBird';
const NORMAL = 'plink_1LinksNormalPrice';
const DEADLINE_ISO = '2025-09-30T23:59:59-06:00';
const DEADLINE_MS = Date.parse(DEADLINE_ISO);
/** A Wednesday, eight days after the deadline: the links take cards only from the day after the deadline. */
const START_ISO = '2025-10-08T20:00:00-06:00';
const START_MS = Date.parse(START_ISO);
const POLL_SECONDS = 2;
const SECOND = 1000;

let stripe: StripeStandIn;
let normal: StandInLink;
let apps: ReturnType<typeof testApp>[] = [];
beforeEach(async () => {
  stripe = await startStripeStandIn({ key: KEY, linkId: EARLY_BIRD, count: 12 });
  normal = stripe.addLink(NORMAL, { limit: null, price: { currency: 'usd', unitAmount: 9700 } });
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
  SPOTS_POLL_SECONDS: String(POLL_SECONDS),
  STRIPE_NORMAL_PAYMENT_LINK: NORMAL,
  NORMAL_CHECKOUT_URL: 'https://buy.stripe.com/test_normal',
  EARLY_BIRD_DEADLINE: DEADLINE_ISO,
  WORKSHOP_START: START_ISO,
  ...extra,
});

/** An instance of the site on the test's timers, its counters on. */
function instance(time: ReturnType<typeof manualTime>, extra: Record<string, string> = {}) {
  const app = testApp({ now: time.clock, env: env(extra), scheduler: time.scheduler, withMetrics: true });
  apps.push(app);
  return app;
}

/** How many tries an instance has made at a change of a link, whatever came of them. */
async function tries(app: ReturnType<typeof testApp>, link: 'early_bird' | 'normal', change: 'close' | 'cards_only'): Promise<number> {
  const text = (await app.metrics?.registry.metrics()) ?? '';
  const outcomes = ['made', 'in_effect', 'in_progress', 'refused', 'no_link', 'unavailable'];
  return outcomes.reduce(
    (sum, outcome) => sum + (seriesValue(text, `taller_link_changes_total{link="${link}",change="${change}",outcome="${outcome}"}`) ?? 0),
    0,
  );
}

const untilTried = (apps: ReturnType<typeof testApp>[], link: 'early_bird' | 'normal', change: 'close' | 'cards_only', times = 1) =>
  waitUntil(
    `every instance to try the ${link} link's ${change} ${times} time(s)`,
    async () => {
      for (const app of apps) if ((await tries(app, link, change)) < times) return false;
      return true;
    },
    WAIT_BOUND_MS,
    10,
  );

const changeLines = (...instances: ReturnType<typeof testApp>[]): LogLine[] =>
  instances.flatMap((app) => app.logs.filter((line) => line.event === 'link_change'));
const onlyLinkCalls = () => stripe.calls.filter((call) => call.path.startsWith('/v1/payment_links/') && call.method === 'POST');

describe("the Early Bird's link at its deadline", () => {
  it('is turned off by one update under a key named after the change, however many instances, and a restart after it makes none', async () => {
    const time = manualTime(DEADLINE_MS - 3 * SECOND);
    const a = instance(time);
    const b = instance(time);
    time.advanceTo(DEADLINE_MS - 1);
    expect(onlyLinkCalls()).toEqual([]);

    time.advanceTo(DEADLINE_MS);
    await untilTried([a, b], 'early_bird', 'close');
    expect(stripe.link().active).toBe(false);
    expect(sellingUpdates(stripe.linkUpdates)).toEqual([
      {
        active: false,
        metadata: { taller_closed_by_site: `deadline@${DEADLINE_ISO}` },
        idempotencyKey: `taller_closed_by_site-${EARLY_BIRD}-deadline@${DEADLINE_ISO}-1`,
      },
    ]);
    // One line for the fleet: the instance whose update Stripe carried out.
    expect(changeLines(a, b)).toEqual([
      expect.objectContaining({ link: 'early_bird', change: 'close', reason: 'deadline', outcome: 'made', msg: "the Early Bird's Payment Link is turned off" }),
    ]);
    // The normal price goes on selling; its link needs no limit, and no warning says it lacks one.
    expect(normal.read([]).active).toBe(true);
    expect([...a.logs, ...b.logs].filter((line) => line.event === 'spots_no_limit')).toEqual([]);

    a.stop();
    time.advanceTo(DEADLINE_MS + 10 * SECOND);
    // A second past the deadline the normal price's link took cards only, by b: a change of its own, made before the restart.
    await untilTried([b], 'normal', 'cards_only');
    const restarted = instance(time);
    await untilTried([restarted], 'early_bird', 'close');
    expect(sellingUpdates(stripe.linkUpdates)).toHaveLength(1);
    expect(changeLines(restarted)).toEqual([]);

    // The change is made once: should the owner turn the link on again, that stands, whatever restarts.
    stripe.setActive(true);
    const later = instance(time);
    await untilTried([later], 'early_bird', 'close');
    expect(stripe.link().active).toBe(true);
    expect(sellingUpdates(stripe.linkUpdates)).toHaveLength(1);
  });

  it('a link the owner turned off by hand stays off, and nothing is written to it', async () => {
    const time = manualTime(DEADLINE_MS - 3 * SECOND);
    stripe.setActive(false);
    const a = instance(time);
    time.advanceTo(DEADLINE_MS);
    await untilTried([a], 'early_bird', 'close');
    expect(sellingUpdates(stripe.linkUpdates)).toEqual([]);
    expect(stripe.link().active).toBe(false);
    expect(changeLines(a)).toEqual([]);
  });

  it('a key without Payment Links: Write: one error line naming the permission, tried again every poll without another line; the page follows the sale anyway; once allowed, the link is off', async () => {
    const time = manualTime(DEADLINE_MS - 3 * SECOND);
    stripe.refuseLinkUpdates(true);
    const a = instance(time);
    time.advanceTo(DEADLINE_MS);
    await untilTried([a], 'early_bird', 'close');
    // A second past the deadline the normal price's link is due to take cards only: refused too, its own one line.
    time.advanceTo(DEADLINE_MS + POLL_SECONDS * SECOND);
    await untilTried([a], 'early_bird', 'close', 2);
    await untilTried([a], 'normal', 'cards_only');
    expect(stripe.link().active).toBe(true);
    expect(a.logs.filter((line) => line.level >= ERROR && line.event === 'link_change')).toEqual([
      expect.objectContaining({
        event: 'link_change',
        link: 'early_bird',
        outcome: 'refused',
        cause: 'HTTP 403 (secret_key_required)',
        msg: "the key may not update the Early Bird's Payment Link: give it Payment Links: Write (docs/spots.md); tried again until it can",
      }),
      expect.objectContaining({
        event: 'link_change',
        link: 'normal',
        change: 'cards_only',
        outcome: 'refused',
        msg: "the key may not update the normal price's Payment Link: give it Payment Links: Write (docs/spots.md); tried again until it can",
      }),
    ]);
    const metrics = (await a.metrics?.registry.metrics()) ?? '';
    expect(seriesValue(metrics, 'taller_link_changes_total{link="early_bird",change="close",outcome="refused"}')).toBe(2);
    const page = await request(a.app).get('/');
    expect(textOf(parseHtml(page.text).querySelector('#precios .price-card__label'))).toBe('Precio normal');

    stripe.refuseLinkUpdates(false);
    time.advanceTo(DEADLINE_MS + 2 * POLL_SECONDS * SECOND);
    await untilTried([a], 'early_bird', 'close', 3);
    expect(stripe.link().active).toBe(false);
  });
});

describe("the owner's sold-out switch and the start", () => {
  it('SOLD_OUT: both links are off as the instances start, once', async () => {
    const time = manualTime(DEADLINE_MS - 5 * 86_400_000);
    const a = instance(time, { SOLD_OUT: 'true' });
    const b = instance(time, { SOLD_OUT: 'true' });
    await untilTried([a, b], 'early_bird', 'close');
    await untilTried([a, b], 'normal', 'close');
    expect(stripe.link().active).toBe(false);
    expect(normal.read([]).active).toBe(false);
    const mark = `sold_out@${START_ISO}`;
    expect(sellingUpdates(stripe.linkUpdates).map(({ active, metadata }) => ({ active, metadata }))).toEqual([
      { active: false, metadata: { taller_closed_by_site: mark } },
    ]);
    expect(normal.updates.map(({ active, metadata }) => ({ active, metadata }))).toEqual([{ active: false, metadata: { taller_closed_by_site: mark } }]);
  });

  it('WORKSHOP_CANCELLED: both links are off as the instances start, once', async () => {
    const time = manualTime(DEADLINE_MS - 5 * 86_400_000);
    const a = instance(time, { WORKSHOP_CANCELLED: 'true' });
    const b = instance(time, { WORKSHOP_CANCELLED: 'true' });
    await untilTried([a, b], 'early_bird', 'close');
    await untilTried([a, b], 'normal', 'close');
    expect(stripe.link().active).toBe(false);
    expect(normal.read([]).active).toBe(false);
    const mark = `cancelled@${START_ISO}`;
    expect(sellingUpdates(stripe.linkUpdates).map(({ active, metadata }) => ({ active, metadata }))).toEqual([
      { active: false, metadata: { taller_closed_by_site: mark } },
    ]);
    expect(normal.updates.map(({ active, metadata }) => ({ active, metadata }))).toEqual([{ active: false, metadata: { taller_closed_by_site: mark } }]);
    const page = await request(a.app).get('/');
    expect(page.text).not.toContain('https://buy.stripe.com/test_normal');
  });

  it("the start turns every link off, the Early Bird's too when its deadline is after the start", async () => {
    // The deadline after the start: the Early Bird sells until the start, and both links close then.
    const start = '2025-09-03T20:00:00-06:00';
    const startMs = Date.parse(start);
    const time = manualTime(startMs - 3 * SECOND);
    const a = instance(time, { WORKSHOP_START: start, EARLY_BIRD_DEADLINE: DEADLINE_ISO });
    const b = instance(time, { WORKSHOP_START: start, EARLY_BIRD_DEADLINE: DEADLINE_ISO });
    // Already past the cards-only instant as they start: both take cards only at once.
    await untilTried([a, b], 'normal', 'cards_only');
    await untilTried([a, b], 'early_bird', 'cards_only');
    expect(stripe.link().active).toBe(true);

    time.advanceTo(startMs);
    await untilTried([a, b], 'early_bird', 'close');
    await untilTried([a, b], 'normal', 'close');
    expect(stripe.link().active).toBe(false);
    expect(normal.read([]).active).toBe(false);
    const closes = (updates: { active?: boolean; metadata: Record<string, string> }[]) => updates.filter((update) => update.active === false);
    expect(closes(sellingUpdates(stripe.linkUpdates)).map((update) => update.metadata)).toEqual([{ taller_closed_by_site: `start@${start}` }]);
    expect(closes(normal.updates).map((update) => update.metadata)).toEqual([{ taller_closed_by_site: `start@${start}` }]);
    expect(
      changeLines(a, b)
        .filter((line) => line.change === 'close')
        .map((line) => line.link)
        .sort(),
    ).toEqual(['early_bird', 'normal']);
  });
});

describe('payments that cannot arrive in time', () => {
  it('from the instant a voucher begun then could be credited after the start, the links take cards only: one update each, never one that turns them on', async () => {
    const cardsFromMs = cardsOnlyFromMs(START_MS);
    expect(new Date(cardsFromMs).toISOString()).toBe('2025-10-01T06:00:00.000Z');
    const time = manualTime(cardsFromMs - 3 * SECOND);
    const a = instance(time);
    const b = instance(time);
    time.advanceTo(cardsFromMs - 1);
    expect(normal.updates).toEqual([]);
    time.advanceTo(cardsFromMs);
    await untilTried([a, b], 'normal', 'cards_only');
    expect(normal.updates).toEqual([
      {
        paymentMethodTypes: ['card'],
        // What it offered before, given back should a later date make vouchers safe again: the account's own choice.
        metadata: { taller_cards_only_by_site: 'vouchers@2025-10-01T00:00:00-06:00', taller_methods_before_site: 'dynamic' },
        idempotencyKey: `taller_cards_only_by_site-${NORMAL}-vouchers@2025-10-01T00:00:00-06:00-1`,
      },
    ]);
    expect(normal.read([]).payment_method_types).toEqual(['card']);
    expect(normal.read([]).active).toBe(true);
    // The Early Bird had closed at its deadline, a second before: nothing more to do there.
    expect(sellingUpdates(stripe.linkUpdates).filter((update) => update.paymentMethodTypes !== undefined)).toEqual([]);
  });
});
