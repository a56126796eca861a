/**
 * The refund button after a new date under load: twenty buyers pressing at once on one instance, against the Stripe
 * stand-in answering 429 above Stripe's test-mode limits and a real SMTP server, on a clock of the test's own
 * (scripts/lib/virtualTime.ts) that paces every write to Stripe in its lane as Node's timers do in production. A press
 * is either button: the personal link's, which mails the confirmation link, and the mailed link's, which refunds. Each
 * press is answered while that clock stands still, so none waited for a paced write; then, the clock run on, each buyer
 * is refunded exactly once and told once, within a minute of that clock. How long the answers take on a real clock is
 * no test's to say (docs/performance.md).
 */
import { simpleParser } from 'mailparser';
import request, { type Response } from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Quiet, type VirtualTime, virtualTime } from '../../scripts/lib/virtualTime';
import { refundProof } from '../../server/fulfilment/pages/accessToken';
import { recordMetadata } from '../../server/fulfilment/records/purchaseRecord';
import { dateChangeMail } from '../../shared/content/dateChangeMailWords';
import { refundMail } from '../../shared/content/refundMailWords';
import { isoInWorkshopZone, workshopSchedule } from '../../shared/logic/schedule';
import { ACCESS_SECRET, accessPathOf, addressOf, markConfirmedFor, type Rig, refundLinkIn, startRig } from '../helpers/fulfilment';
import { TEST_START_MS, testApp } from '../helpers/testApp';
import { fleetQuiet } from '../helpers/waveFleet';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const FIRST = TEST_START_MS;
const MOVED = FIRST + 7 * DAY;
const EDITION = 'otono-2025';
const BUYERS = 20;
/** A sandbox's limits, as Stripe documents them: 25 requests a second to one endpoint, and 25 in all. */
const SANDBOX = { perEndpoint: 25, global: 25 };

let time: VirtualTime;
let rig: Rig;
beforeEach(async () => {
  time = virtualTime(FIRST - 2 * DAY);
  rig = await startRig({ clock: () => time.now() });
  rig.stripe.setRateLimit({ ...SANDBOX, clock: () => time.now() });
});
afterEach(async () => {
  await rig.close();
});

/**
 * Settled as a wave's fleet is (tests/helpers/waveFleet.ts: a refund's mail is on its way once its refund is made),
 * with the confirmation links' mails, which go with their answers under no claim: `unclaimed` says how many of those
 * were taken.
 */
function quietWith(unclaimed: () => number): Quiet {
  const fleet = fleetQuiet(rig);
  return { inFlight: () => fleet.inFlight() + unclaimed(), activity: fleet.activity };
}

/** Runs the clock on, a second at a time, until `done` or `forMs` have passed. */
async function runUntil(quiet: Quiet, done: () => boolean, forMs: number): Promise<void> {
  for (const until = time.now() + forMs; !done() && time.now() < until; ) await time.runUntil(time.now() + 1_000, quiet);
}

/**
 * Presses sent at once, the clock standing still: their answers, once every one has come, or once nothing has moved
 * for a second (at Stripe, at the mail server, among the answers): the presses still unanswered then wait on the clock.
 */
async function answeredWhileStill(quiet: Quiet, presses: Promise<Response>[]): Promise<(Response | undefined)[]> {
  const answers: (Response | undefined)[] = presses.map(() => undefined);
  const all = Promise.all(
    presses.map((press, at) =>
      press.then((answer) => {
        answers[at] = answer;
      }),
    ),
  );
  let seen = -1;
  for (let still = 0; still < 10; ) {
    const done = await Promise.race([all.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 100))]);
    if (done) break;
    const moved = quiet.activity() + answers.filter(Boolean).length;
    still = moved === seen && quiet.inFlight() === 0 ? still + 1 : 0;
    seen = moved;
  }
  return answers;
}

describe('twenty refund presses at once on one instance, Stripe answering 429 above its limits', () => {
  it('each is answered before its paced writes are done; each buyer is refunded once, and told once', async () => {
    const buyers: { sessionId: string; email: string }[] = [];
    for (let n = 0; n < BUYERS; n += 1) {
      const email = `compradora${n}@correo.example.org`;
      const buyer = { name: `Compradora${n} Prueba`, email };
      const sessionId = rig.stripe.checkout.createSession('paid', {
        atMs: FIRST - 20 * DAY + n * MINUTE,
        buyer,
        metadata: recordMetadata([{ edition: EDITION }], {}),
      });
      await markConfirmedFor(rig, sessionId, FIRST);
      buyers.push({ sessionId, email });
    }
    // The owner moved the date: the instance starts with it, and its sweep tells every buyer (and so knows them).
    const { app, stop } = testApp({
      now: time.now,
      scheduler: time.scheduler,
      prepareAhead: false,
      env: { ...rig.env(), EDITION, WORKSHOP_START: isoInWorkshopZone(MOVED) },
    });
    try {
      const told = () => rig.smtp.received.length;
      let unclaimed = 0;
      const quiet = quietWith(() => unclaimed);
      await runUntil(quiet, () => told() >= BUYERS, 30_000);
      expect(told()).toBe(BUYERS);
      expect((await simpleParser(rig.smtp.received[0]?.raw ?? '')).subject).toBe(dateChangeMail.subject(workshopSchedule(MOVED).fullLabel));

      // Every buyer presses the personal link's button at once: each is answered, its link mailed, the clock still.
      const asked = await answeredWhileStill(
        quiet,
        buyers.map(({ sessionId }) =>
          request(app)
            .post(`${accessPathOf(sessionId)}/reembolso`)
            .type('form')
            .send({ confirmacion: refundProof(ACCESS_SECRET, sessionId, MOVED) }),
        ),
      );
      expect(asked.map((answer) => answer?.status)).toEqual(Array(BUYERS).fill(200));
      unclaimed = told() - BUYERS;
      const linkMails = await Promise.all(rig.smtp.received.slice(BUYERS).map(({ raw }) => simpleParser(raw)));
      const links = buyers.map(({ email }) => refundLinkIn(linkMails.find((mail) => addressOf(mail) === email)));
      expect(links.filter(Boolean)).toHaveLength(BUYERS);

      // Then each confirms from the mailed link at once: each answered, the clock still, before its refund is done.
      const mailsBefore = told();
      const confirmed = await answeredWhileStill(
        quiet,
        links.map((link) =>
          request(app)
            .post(link ?? '')
            .type('form')
            .send({ confirmar: 'si' }),
        ),
      );
      expect(confirmed.map((answer) => answer?.status)).toEqual(Array(BUYERS).fill(200));
      expect(told()).toBe(mailsBefore);
      expect(rig.stripe.checkout.refunds.refunds.length).toBeLessThan(BUYERS);

      // The clock runs on, a minute at most: every buyer refunded once at Stripe, and told once.
      await runUntil(quiet, () => told() >= mailsBefore + BUYERS, 60_000);
      const intents = buyers.map(({ sessionId }) => rig.stripe.checkout.paymentIntentOf(sessionId)?.id);
      const refunded = rig.stripe.checkout.refunds.refunds.map(({ refund }) => refund.payment_intent);
      expect(refunded.sort()).toEqual([...intents].sort());
      const refundMails = (await Promise.all(rig.smtp.received.slice(mailsBefore).map(({ raw }) => simpleParser(raw)))).filter(
        (mail) => mail.subject === refundMail.subject,
      );
      expect(refundMails.map(addressOf).sort()).toEqual(buyers.map(({ email }) => email).sort());
    } finally {
      stop();
    }
  });
});
