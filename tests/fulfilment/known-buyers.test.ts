/**
 * A buyer the instance already knows opens the personal link with no read at Stripe: known from its sweep's listing of
 * the link's purchases until its next listing (a sweep period and half a minute), or from a webhook's event for a
 * minute. So a refund or a dispute still ends access on an instance that never heard the event, at its next listing or
 * a period and half a minute after the last one at most. And the page after the checkout
 * spends a budget of reads of its own: a flood of made-up ids there leaves the personal link's alone.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refundEvent, signedEvent } from '../../scripts/lib/stripeCheckoutStandIn';
import { THANKS_READS } from '../../server/fulfilment/fulfilmentRoutes';
import { access } from '../../shared/content/accessPageWords';
import { testApp, TEST_START_MS } from '../helpers/testApp';
import { accessPathOf, deliver, MEETING_URL, type Rig, signed, startRig, WEBHOOK_SECRET } from '../helpers/fulfilment';
import { seriesValue } from '../helpers/seriesValue';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Within the workshop's opening: the personal link leads to the meeting. */
const LIVE_MS = TEST_START_MS - 5 * MINUTE;

let rig: Rig;
let now = LIVE_MS;
beforeEach(async () => {
  rig = await startRig();
  now = LIVE_MS;
});
afterEach(async () => {
  await rig.close();
});

const instance = () => testApp({ now: () => now, env: rig.env(), withMetrics: true });
const visit = (app: Parameters<typeof request>[0], sessionId: string) => request(app).get(accessPathOf(sessionId)).redirects(0);
/** Reads of one session at Stripe: what a visit costs (the sweep's listings are another endpoint). */
const sessionReads = (): number => rig.stripe.calls.filter((call) => call.method === 'GET' && call.path.startsWith('/v1/checkout/sessions/')).length;
/** A purchase paid a week ago whose confirmation went out then: nothing is due. */
const confirmed = (): string => rig.stripe.checkout.createSession('paid', { atMs: TEST_START_MS - 7 * DAY, metadata: { taller_confirmation: 'sent' } });

describe('a buyer the instance knows', () => {
  it('from its sweep, or from an event, opens the personal link with no read at Stripe', async () => {
    const { app, sweep, metrics } = instance();
    const listed = confirmed();
    await sweep();
    const announced = rig.stripe.checkout.createSession('paid', { atMs: now });
    expect((await deliver(app, signed(rig, 'checkout.session.completed', announced, now))).status).toBe(200);
    const before = sessionReads();
    for (const sessionId of [listed, announced]) {
      const res = await visit(app, sessionId);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(MEETING_URL);
    }
    expect(sessionReads() - before).toBe(0);
    expect(seriesValue((await metrics?.registry.metrics()) ?? '', 'taller_access_visits_total{outcome="live",source="memory"}')).toBe(2);
  });

  it.each([60, 240])(
    'the join rush at SWEEP_SECONDS=%i: every listed buyer gets in with no read, just after a listing, just before the next and while it runs',
    async (seconds) => {
      const site = testApp({ now: () => now, env: { ...rig.env(), SWEEP_SECONDS: String(seconds) } });
      const buyers = [confirmed(), confirmed(), confirmed()];
      await site.sweep();
      const listedAtMs = now;
      const before = sessionReads();
      // Just after the listing, just before the next, and while the next is still under way (ten thousand buyers' take 42 s).
      for (const atMs of [listedAtMs + 1_000, listedAtMs + seconds * 1000 - 1_000, listedAtMs + seconds * 1000 + 20_000]) {
        now = atMs;
        for (const sessionId of buyers) {
          const res = await visit(site.app, sessionId);
          expect(res.status).toBe(303);
          expect(res.headers.location).toBe(MEETING_URL);
        }
      }
      expect(sessionReads() - before).toBe(0);
    },
  );

  it('refunded, with the event at another instance: access ends there at once, and here at the next listing', async () => {
    const heard = instance();
    const here = instance();
    const sessionId = confirmed();
    await here.sweep();
    const before = sessionReads();
    expect((await visit(here.app, sessionId)).status).toBe(303);
    expect(sessionReads() - before).toBe(0);

    now += 10_000;
    const refundedAtMs = now;
    const event = refundEvent(rig.stripe.checkout.refund(sessionId));
    expect((await deliver(heard.app, signedEvent(event, WEBHOOK_SECRET, Math.floor(now / 1000)))).status).toBe(200);
    const ended = await visit(heard.app, sessionId);
    expect(ended.status).toBe(403);
    expect(ended.text).toContain(access.ended.heading);

    // Within the period, still known from the listing; the next listing says it is refunded.
    now = refundedAtMs + 40_000;
    expect((await visit(here.app, sessionId)).status).toBe(303);
    await here.sweep();
    const reads = sessionReads();
    const later = await visit(here.app, sessionId);
    expect(later.status).toBe(403);
    expect(later.headers.location).toBeUndefined();
    expect(sessionReads() - reads).toBe(0);
  });

  it('refunded, with no listing since: a sweep period and half a minute after the last, the visit reads Stripe and ends access', async () => {
    const here = instance();
    const sessionId = confirmed();
    await here.sweep();
    const listedAtMs = now;
    rig.stripe.checkout.refund(sessionId);
    now = listedAtMs + MINUTE + 30_000;
    const reads = sessionReads();
    expect((await visit(here.app, sessionId)).status).toBe(403);
    expect(sessionReads() - reads).toBe(1);
  });
});

describe('the page after the checkout and the personal link', () => {
  it("each spend a budget of reads of their own: a flood of made-up ids at /gracias leaves a buyer's first visit its read", async () => {
    const { app } = instance();
    const statuses: number[] = [];
    for (let n = 0; n <= THANKS_READS.atOnce; n += 1) {
      statuses.push((await request(app).get(`/gracias?session_id=cs_test_madeup${String(n).padStart(12, '0')}`)).status);
    }
    expect(statuses.at(-1)).toBe(503);
    // A buyer this instance has never heard of: its visit needs a read, and gets one.
    const sessionId = confirmed();
    expect((await visit(app, sessionId)).status).toBe(303);
  });
});
