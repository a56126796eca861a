/**
 * The checkout follows the owner's changes too: the real app on timers the test moves (tests/spots/time.ts), its links
 * read and written through the real SDK at the Stripe stand-in. A link dropped from the settings is closed once the
 * change is in force (after its undo window, CHANGE_DELAY_SECONDS), whatever the settings say later.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../scripts/lib/harness';
import { type StandInLink, startStripeStandIn, type StripeStandIn } from '../../scripts/lib/stripeStandIn';
import { testApp } from '../helpers/testApp';
import { manualTime } from './time';

const KEY = 'rk_test_51LinksAfterChanges0123456789';
const EARLY_BIRD = 'plink_1ChangesEarlyBird';
const NORMAL = 'plink_1ChangesNormalPrice';
const DEADLINE_ISO = '2025-09-30T23:59:59-06:00';
const START_ISO = '2025-10-08T20:00:00-06:00';
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
const until = (what: string, check: () => boolean) => waitUntil(what, check, 5_000, 10);

describe('a link dropped from the settings', () => {
  it('is closed, whatever the settings say later', async () => {
    const time = manualTime(Date.parse(DEADLINE_ISO) + DAY);
    await started(time);
    await started(time, { STRIPE_NORMAL_PAYMENT_LINK: '', NORMAL_CHECKOUT_URL: '' });
    pass(time, WINDOW + POLL);
    await until('the dropped link closed', () => !normal.read([]).active);
    expect(normal.read([]).metadata.taller_closed_by_site).toBe(`dropped@${START_ISO}`);
  });
});
