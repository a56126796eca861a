/**
 * An expired or failed voucher gives its place back, once: two instances of the real app share the Stripe stand-in
 * (which keeps Stripe's idempotency rules for the Payment Link's updates as for the sessions'), on a clock the test
 * owns. Stripe's event and its redeliveries, both instances' sweeps, two vouchers at once, a 500 Stripe stored under
 * the link's key and an answer lost: the link's limit rises by exactly one per voucher, the link reopens where its
 * limit had closed it (never where the owner turned it off, never once the Early Bird is over), and the page counts
 * the place again, out of the owner's number.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/settings';
import { stripeSpotsSource } from '../../server/spots/stripeSource';
import { stripeBoundary } from '../../server/stripe/stripeBoundary';
import { allIn } from '../../server/stripe/pace';
import { spotsFrom } from '../../shared/logic/spots';
import { waitUntil } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { manualTime } from '../spots/time';
import { BEFORE_DEADLINE_MS, DEFAULT_DEADLINE_MS, testApp } from '../helpers/testApp';
import { deliver, type Rig, signed, startRig } from '../helpers/fulfilment';
import { parseHtml, textOf } from '../helpers/html';
import { ERROR, INFO, type LogLine } from '../helpers/logs';
import { seriesValue } from '../helpers/seriesValue';
import { sellingUpdates } from '../helpers/recordWrites';

/** The link's metadata: how many places its limit gives back. */
const PLACES_BACK = 'taller_limit_added_by_site';
/** The voucher's session's mark: its place is given back. */
const PLACE_BACK = 'taller_voucher_place';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let rig: Rig;
let now = BEFORE_DEADLINE_MS;
beforeEach(async () => {
  rig = await startRig();
  now = BEFORE_DEADLINE_MS;
});
afterEach(async () => {
  await rig.close();
});

const instance = () => testApp({ now: () => now, env: rig.env(), withMetrics: true });

/** `sold` purchases at the link, the last `vouchers` of them vouchers (sessions of their own), the rest cards. */
function sell(sold: number, vouchers: number): string[] {
  const ids = Array.from({ length: vouchers }, (_, n) =>
    rig.stripe.checkout.createSession('voucher', { buyer: { name: `Paz${n}`, email: `paz${n}@correo.example.org` }, atMs: now }),
  );
  rig.stripe.sell(sold);
  return ids;
}

/** The Payment Link as the owner sees it in the Dashboard. */
function link() {
  const { restrictions, active, metadata } = rig.stripe.link();
  return { limit: restrictions?.completed_sessions.limit, count: restrictions?.completed_sessions.count, active, placesBack: metadata[PLACES_BACK] };
}

/** Stripe calls from the `from`-th on, by kind: a session, the list of sessions, the link; read or written. */
const callsSince = (from: number) =>
  rig.stripe.calls.slice(from).map(({ method, path }) => {
    const what = path.startsWith('/v1/payment_links/') ? 'link' : path.startsWith('/v1/checkout/sessions?') ? 'sessions' : 'session';
    return `${method} ${what}`;
  });

const failed = (sessionId: string) => signed(rig, 'checkout.session.async_payment_failed', sessionId, now);

/** What the Early Bird card says of its spots, from a read of the link as every instance's poller makes it. */
async function spotsLine(): Promise<string> {
  const settings = readConfig(rig.env(), now).spots;
  if (!settings) throw new Error('no spots settings');
  const reading = await stripeSpotsSource(stripeBoundary(settings).view({ deadlineMs: 2_000, lanes: allIn('poll') }), () => ({
    paymentLink: settings.paymentLink,
  })).read();
  const spots = reading && spotsFrom(reading, 30);
  const res = await request(testApp({ now, env: rig.env(), spots: { current: () => spots, ready: () => true } }).app).get('/');
  return textOf(parseHtml(res.text).querySelector('#precios .price-card__spots'));
}

/**
 * Lets the test's clock run while `work` is under way: with timers of their own, the instance's calls to Stripe wait
 * for their lane's turn, and a sweep its timer started while the clock jumped may still hold a turn.
 */
async function whileTimePasses<T>(time: ReturnType<typeof manualTime>, work: Promise<T>): Promise<T> {
  let done = false;
  const finish = () => {
    done = true;
  };
  work.then(finish, finish);
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    time.advanceTo(time.clock() + 500);
  }
  return work;
}

const placeLines = (logs: LogLine[]) => logs.filter((line) => line.event === 'places_back');
const webhookOutcomes = (logs: LogLine[]) => logs.filter((line) => line.event === 'stripe_webhook').map((line) => [line.outcome, line.status]);

describe('a voucher that expired', () => {
  it("Stripe's event: the limit rises by one and the link its limit closed reopens; redeliveries to both instances and both sweeps change nothing more; the page says 1 of 30", async () => {
    const a = instance();
    const b = instance();
    const [voucher = ''] = sell(30, 1);
    expect(link()).toEqual({ limit: 30, count: 30, active: false, placesBack: undefined });
    rig.stripe.checkout.expireVoucher(voucher);

    expect((await deliver(a.app, failed(voucher))).status).toBe(200);
    // The session read, its mark, the list of the link's purchases, the link read, the link's update.
    expect(callsSince(0)).toEqual(['GET session', 'POST session', 'GET sessions', 'GET link', 'POST link']);
    expect(link()).toEqual({ limit: 31, count: 30, active: true, placesBack: '1' });
    expect(rig.stripe.checkout.metadataOf(voucher)[PLACE_BACK]).toBe('returned');
    expect(await spotsLine()).toBe('Queda 1 de 30 lugares con este precio');

    for (const app of [b.app, a.app, b.app]) expect((await deliver(app, failed(voucher))).status).toBe(200);
    now += MINUTE;
    await a.sweep();
    await b.sweep();
    expect(link()).toEqual({ limit: 31, count: 30, active: true, placesBack: '1' });
    expect(rig.stripe.linkUpdates).toHaveLength(1);
    // Once an instance has seen the link count the place, its sweep costs the list and nothing more.
    const before = rig.stripe.calls.length;
    await a.sweep();
    expect(callsSince(before)).toEqual(['GET sessions']);

    const paymentIntent = rig.stripe.checkout.paymentIntentOf(voucher)?.id;
    expect(webhookOutcomes(a.logs)).toEqual([
      ['place_given_back', 200],
      ['place_given_back', 200],
    ]);
    expect(placeLines(a.logs)).toEqual([expect.objectContaining({ level: INFO, places_back: 1, limit: 31, reopened: true })]);
    expect(placeLines(b.logs)).toEqual([]);
    expect(a.logs.find((line) => line.event === 'stripe_webhook')).toMatchObject({ payment_intent: paymentIntent });
    expect(seriesValue((await a.metrics?.registry.metrics()) ?? '', 'taller_places_back_total{outcome="given_back"}')).toBe(1);

    // The place sells again, and the link closes at its new limit as before.
    rig.stripe.sell(1);
    expect(link()).toMatchObject({ limit: 31, count: 31, active: false });
  });

  it('two vouchers at once, each announced to another instance while Stripe is slow: the limit rises by two, never by more', async () => {
    const a = instance();
    const b = instance();
    const [x = '', y = ''] = sell(30, 2);
    rig.stripe.checkout.expireVoucher(x);
    // Stripe documents the event; whether the intent is then canceled or back at requires_payment_method, it failed.
    rig.stripe.checkout.expireVoucher(y, 'requires_payment_method');
    rig.stripe.setLinkUpdateLatency(50);
    rig.stripe.checkout.setUpdateLatency(20);

    const first = await Promise.all([deliver(a.app, failed(x)), deliver(b.app, failed(y))]);
    // A redelivery follows any answer but a 2xx (an instance that met the other's write still under way says 409).
    for (const [n, res] of first.entries()) {
      expect([200, 409]).toContain(res.status);
      if (res.status !== 200) expect((await deliver(n === 0 ? b.app : a.app, failed(n === 0 ? x : y))).status).toBe(200);
    }
    expect(link()).toEqual({ limit: 32, count: 30, active: true, placesBack: '2' });
    now += MINUTE;
    await Promise.all([a.sweep(), b.sweep()]);
    expect(link()).toEqual({ limit: 32, count: 30, active: true, placesBack: '2' });
    expect(rig.stripe.linkUpdates.map((update) => update.limit).every((limit) => limit === 31 || limit === 32)).toBe(true);
    expect(await spotsLine()).toBe('Quedan 2 de 30 lugares con este precio');
  });

  it('two instances read the link before either writes, one counting one voucher and the other two; the later count writes first: +2, never +1', async () => {
    const a = instance();
    const b = instance();
    const [x = '', y = ''] = sell(30, 2);
    rig.stripe.checkout.expireVoucher(x);
    const reads = rig.stripe.holdLinkReads();
    const sweptA = a.sweep();
    await waitUntil('the first instance reading the link', () => reads.held() === 1, WAIT_BOUND_MS, 5);
    rig.stripe.checkout.expireVoucher(y);
    const sweptB = b.sweep();
    await waitUntil('the second instance reading the link', () => reads.held() === 2, WAIT_BOUND_MS, 5);
    // Both read 30 places and none given back. The second, which counted two, writes first.
    reads.answer(1);
    expect((await sweptB).placesBack).toBe(2);
    expect(link()).toEqual({ limit: 32, count: 30, active: true, placesBack: '2' });
    // The first writes from its reading, which no longer holds: refused under the same key, it reads the link again.
    reads.release();
    expect((await sweptA).placesBack).toBe(1);
    expect(link()).toEqual({ limit: 32, count: 30, active: true, placesBack: '2' });
    expect(rig.stripe.linkUpdates.map((update) => update.limit)).toEqual([32]);
  });

  it('the sweep finds an expired voucher no webhook announced, on both instances at once: +1; a voucher still to be paid keeps its place', async () => {
    const a = instance();
    const b = instance();
    const [waiting = '', expired = ''] = sell(12, 2);
    rig.stripe.checkout.expireVoucher(expired);
    await Promise.all([a.sweep(), b.sweep()]);
    expect(link()).toEqual({ limit: 31, count: 12, active: true, placesBack: '1' });
    expect(rig.stripe.checkout.metadataOf(waiting)[PLACE_BACK]).toBeUndefined();
    now += MINUTE;
    await Promise.all([a.sweep(), b.sweep()]);
    expect(link()).toMatchObject({ limit: 31, placesBack: '1' });
    expect(await spotsLine()).toBe('Quedan 19 de 30 lugares con este precio');
  });
});

describe('a write to the link that stalled', () => {
  it("Stripe stored a 500 under the raise's key: the instance reads the link again and raises under the next key, once", async () => {
    const a = instance();
    const b = instance();
    const [voucher = ''] = sell(30, 1);
    rig.stripe.checkout.expireVoucher(voucher);
    rig.stripe.failNextLinkUpdate('stored_500');
    expect((await deliver(a.app, failed(voucher))).status).toBe(200);
    expect(link()).toEqual({ limit: 31, count: 30, active: true, placesBack: '1' });
    expect((await deliver(b.app, failed(voucher))).status).toBe(200);
    await b.sweep();
    expect(rig.stripe.linkUpdates.map((update) => update.limit)).toEqual([31]);
  });

  it('a raise carried out whose answer was lost: 503, so Stripe delivers again; the next delivery, on another instance, finds it done', async () => {
    const a = instance();
    const b = instance();
    const [voucher = ''] = sell(30, 1);
    rig.stripe.checkout.expireVoucher(voucher);
    rig.stripe.failNextLinkUpdate('drop_answer');
    expect((await deliver(a.app, failed(voucher))).status).toBe(503);
    expect(link()).toEqual({ limit: 31, count: 30, active: true, placesBack: '1' });
    expect((await deliver(b.app, failed(voucher))).status).toBe(200);
    now += MINUTE;
    await a.sweep();
    await b.sweep();
    expect(link()).toEqual({ limit: 31, count: 30, active: true, placesBack: '1' });
    expect(rig.stripe.linkUpdates).toHaveLength(1);
  });
});

describe('a key that may not update the link', () => {
  it('403: the webhook answers 503 so Stripe delivers again, one error line names the permission, however many turns; once given, the next sweep raises', async () => {
    const a = instance();
    const [voucher = ''] = sell(30, 1);
    rig.stripe.checkout.expireVoucher(voucher);
    rig.stripe.refuseLinkUpdates(true);
    expect((await deliver(a.app, failed(voucher))).status).toBe(503);
    now += MINUTE;
    await a.sweep();
    now += MINUTE;
    await a.sweep();
    expect(link()).toEqual({ limit: 30, count: 30, active: false, placesBack: undefined });
    expect(a.logs.filter((line) => line.level >= ERROR)).toEqual([
      expect.objectContaining({
        event: 'places_back',
        outcome: 'stripe_unavailable',
        cause: 'stripe HTTP 403 (secret_key_required)',
        msg: 'the key may not update the Payment Link: give it Payment Links: Write (docs/fulfilment.md)',
      }),
    ]);
    expect(seriesValue((await a.metrics?.registry.metrics()) ?? '', 'taller_places_back_total{outcome="stripe_unavailable"}')).toBe(3);
    rig.stripe.refuseLinkUpdates(false);
    now += MINUTE;
    await a.sweep();
    expect(link()).toEqual({ limit: 31, count: 30, active: true, placesBack: '1' });
  });
});

describe('what the owner decided stays', () => {
  it('a link the owner turned off by hand stays off and unchanged; turned on again, the next sweep gives the place back', async () => {
    const a = instance();
    const [voucher = ''] = sell(10, 1);
    rig.stripe.setActive(false);
    rig.stripe.checkout.expireVoucher(voucher);
    expect((await deliver(a.app, failed(voucher))).status).toBe(200);
    expect(webhookOutcomes(a.logs)).toEqual([['place_waits', 200]]);
    expect(link()).toEqual({ limit: 30, count: 10, active: false, placesBack: undefined });
    await a.sweep();
    expect(link()).toEqual({ limit: 30, count: 10, active: false, placesBack: undefined });
    rig.stripe.setActive(true);
    now += MINUTE;
    await a.sweep();
    expect(link()).toEqual({ limit: 31, count: 10, active: true, placesBack: '1' });
    expect(await spotsLine()).toBe('Quedan 21 de 30 lugares con este precio');
  });

  it('once the Early Bird has ended: nothing is given back, the link its limit closed stays closed', async () => {
    const a = instance();
    const [voucher = ''] = sell(30, 1);
    now = DEFAULT_DEADLINE_MS + DAY;
    rig.stripe.checkout.expireVoucher(voucher);
    expect((await deliver(a.app, failed(voucher))).status).toBe(200);
    await a.sweep();
    expect(link()).toEqual({ limit: 30, count: 30, active: false, placesBack: undefined });
    expect(rig.stripe.checkout.metadataOf(voucher)[PLACE_BACK]).toBeUndefined();
    expect(rig.stripe.linkUpdates).toEqual([]);
  });

  it('a place marked before the deadline, whose raise could not be written before it: never written after it', async () => {
    const a = instance();
    const [voucher = ''] = sell(30, 1);
    rig.stripe.checkout.expireVoucher(voucher);
    rig.stripe.refuseLinkUpdates(true);
    now = DEFAULT_DEADLINE_MS - 5 * MINUTE;
    await a.sweep();
    expect(rig.stripe.checkout.metadataOf(voucher)[PLACE_BACK]).toBe('returned');
    rig.stripe.refuseLinkUpdates(false);
    now = DEFAULT_DEADLINE_MS;
    await a.sweep();
    expect((await deliver(a.app, failed(voucher))).status).toBe(200);
    expect(link()).toEqual({ limit: 30, count: 30, active: false, placesBack: undefined });
    expect(rig.stripe.linkUpdates).toEqual([]);
  });

  it('a voucher that expires after the deadline: the link the site turned off at the deadline stays off, its limit as it was', async () => {
    const time = manualTime(DEFAULT_DEADLINE_MS - 3_000);
    const a = testApp({ now: time.clock, env: { ...rig.env(), SPOTS_POLL_SECONDS: '2' }, scheduler: time.scheduler });
    try {
      const [voucher = ''] = sell(12, 1);
      time.advanceTo(DEFAULT_DEADLINE_MS);
      await waitUntil('the link turned off at the deadline', () => sellingUpdates(rig.stripe.linkUpdates).length > 0, WAIT_BOUND_MS, 10);
      time.advanceTo(DEFAULT_DEADLINE_MS + MINUTE);
      rig.stripe.checkout.expireVoucher(voucher);
      now = time.clock();
      expect((await whileTimePasses(time, deliver(a.app, failed(voucher)))).status).toBe(200);
      await whileTimePasses(time, a.sweep());
      expect(link()).toEqual({ limit: 30, count: 12, active: false, placesBack: undefined });
      expect(sellingUpdates(rig.stripe.linkUpdates).map((update) => update.active)).toEqual([false]);
    } finally {
      a.stop();
    }
  });

  it("a voucher that expires in the Early Bird's last minute: its place is not given back, so no raise read before the deadline can turn the link on after it", async () => {
    const a = instance();
    const [voucher = ''] = sell(30, 1);
    now = DEFAULT_DEADLINE_MS - 30_000;
    rig.stripe.checkout.expireVoucher(voucher);
    expect((await deliver(a.app, failed(voucher))).status).toBe(200);
    await a.sweep();
    expect(link()).toEqual({ limit: 30, count: 30, active: false, placesBack: undefined });
    expect(rig.stripe.linkUpdates).toEqual([]);
  });
});
