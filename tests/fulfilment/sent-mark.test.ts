/**
 * The `sent` mark, once the mail went: without it the claim's lease would one day let a second mail go. Stripe failing
 * it for a few seconds is waited out, a pause doubling from a second between tries, on the instance's own clock
 * (tests/helpers/waveFleet.ts); the buyer gets one mail, and the purchase reads sent.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Quiet, type VirtualTime, virtualTime } from '../../scripts/lib/virtualTime';
import { markAt, type Rig, startRig } from '../helpers/fulfilment';
import { seriesValue } from '../helpers/seriesValue';
import { TEST_START_MS } from '../helpers/testApp';
import { waveInstance } from '../helpers/waveFleet';

const DAY = 24 * 60 * 60_000;

let time: VirtualTime;
let rig: Rig;
beforeEach(async () => {
  time = virtualTime(TEST_START_MS - 7 * DAY);
  rig = await startRig({ clock: () => time.now() });
  // Far above anything sent here: only so that each call's instant is read on the test's clock.
  rig.stripe.setRateLimit({ perEndpoint: 1_000, global: 1_000, clock: () => time.now() });
});
afterEach(async () => {
  await rig.close();
});

it('Stripe refusing the sent mark for seconds after the mail went: tried again, a pause doubling between tries; one mail, marked sent', async () => {
  const sessionId = rig.stripe.checkout.createSession('paid', { atMs: time.now() - 60_000 });
  const quiet: Quiet = { inFlight: () => rig.stripe.inFlight(), activity: () => rig.stripe.activity() + rig.smtp.activity() };
  // The SMTP server takes the confirmation and holds its 250: the claim is made, the mail on its way.
  const held = rig.smtp.hold();
  const { registry } = await waveInstance(rig.env(), time);
  while (held.held() === 0) await time.runUntil(time.now() + 1_000, quiet);
  expect(markAt(rig, sessionId, 'confirmation').status).toBe('sending');

  rig.stripe.setFault('server_error');
  const sentAt = time.now();
  held.release();
  await time.runUntil(sentAt + 5_000, quiet);
  rig.stripe.setFault(null);
  await time.runUntil(sentAt + 30_000, quiet);

  expect(markAt(rig, sessionId, 'confirmation').status).toBe('sent');
  expect(rig.smtp.received).toHaveLength(1);
  const marks = rig.stripe.calls.filter((call) => call.method === 'POST' && call.path.endsWith(sessionId) && call.atMs >= sentAt);
  // Refused at once, a second later and two after that; the fourth try, four seconds on, is taken.
  expect(marks.map((call) => call.atMs - sentAt)).toEqual([0, 1_000, 3_000, 7_000]);
  expect(seriesValue(await registry.metrics(), 'taller_mails_total{kind="confirmation",outcome="sent"}')).toBe(1);
  expect(seriesValue(await registry.metrics(), 'taller_mails_total{kind="confirmation",outcome="mark_failed"}') ?? 0).toBe(0);
});
