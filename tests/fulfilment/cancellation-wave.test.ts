/**
 * What a change owed to every buyer does on a fleet, against Stripe's test-mode limits: three instances, each sweeping
 * on its own timer, the Stripe stand-in answering 429 above 25 requests a second to an endpoint and 25 in all, a real
 * SMTP server, on one clock of the test's own (tests/helpers/waveFleet.ts). Each buyer is refunded once and told once,
 * within five minutes of the change, across an instance's restart. The same at a thousand and ten thousand buyers, with
 * its figures, is the benchmark's (scripts/reports/sweep-bench.ts, docs/performance.md): here fewer buyers, enough
 * that a wave paced as the last release paced it does not finish in time.
 */
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Quiet, type VirtualTime, virtualTime } from '../../scripts/lib/virtualTime';
import { cancellationMail } from '../../shared/content/cancellationMailWords';
import { workshopSchedule } from '../../shared/logic/schedule';
import { type Rig, startRig } from '../helpers/fulfilment';
import { TEST_START_MS } from '../helpers/testApp';
import { fleetQuiet, type WaveInstance, waveInstance } from '../helpers/waveFleet';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The bound: every buyer's refund and mail within five minutes of the change. */
const BOUND_MS = 5 * MINUTE;
const EDITION = 'invierno-2027';
/** A sandbox's limits, as Stripe documents them: 25 requests a second to one endpoint, and 25 in all. */
const SANDBOX = { perEndpoint: 25, global: 25 };
const BUYERS = 160;

let time: VirtualTime;
let rig: Rig;
const CHANGE_MS = TEST_START_MS - 5 * DAY;
beforeEach(async () => {
  time = virtualTime(CHANGE_MS);
  rig = await startRig({ clock: () => time.now() });
  rig.stripe.setRateLimit({ ...SANDBOX, clock: () => time.now() });
});
afterEach(async () => {
  await rig.close();
});

const quiet = (fleet: WaveInstance[] = []): Quiet => fleetQuiet(rig, fleet);

/** `count` card purchases a month old, the oldest first, each confirmed by the last release for this edition. */
function purchases(count: number): string[] {
  return Array.from({ length: count }, (_, n) =>
    rig.stripe.checkout.createSession('paid', {
      buyer: { name: `Compradora${n} Prueba`, email: `compradora${n}@correo.example.org` },
      atMs: TEST_START_MS - 30 * DAY + n * MINUTE,
      metadata: { taller_edition: EDITION, taller_confirmation: 'sent', taller_confirmation_attempt: '1' },
    }),
  );
}

/** The mails taken with this subject, read by mailparser from their headers: to whom, and when each arrived. */
async function mailsWith(subject: string): Promise<{ to: string; atMs: number }[]> {
  const read = await Promise.all(
    rig.smtp.received.map(async ({ raw, atMs }) => ({ head: await simpleParser(raw.subarray(0, raw.indexOf('\r\n\r\n') + 4)), atMs })),
  );
  return read.filter(({ head }) => head.subject === subject).map(({ head, atMs }) => ({ to: head.to && 'text' in head.to ? head.to.text : '', atMs }));
}

const fleetOf = (count: number, env: Record<string, string>, exits = false): Promise<WaveInstance[]> =>
  Promise.all(Array.from({ length: count }, () => waveInstance({ ...rig.env(), EDITION, ...env }, time, { exits })));

/** Each instance ended as SIGTERM ends it, the clock moving meanwhile. */
async function terminate(fleet: WaveInstance[], all = fleet): Promise<void> {
  let done = false;
  const ended = Promise.all(fleet.map((instance) => instance.terminate())).then(() => {
    done = true;
  });
  while (!done) await time.runUntil(time.now() + 1_000, quiet(all));
  await ended;
}

describe('WORKSHOP_CANCELLED=true, three instances and a restart, Stripe answering 429 above its test-mode limits', () => {
  it(`refunds each of ${BUYERS} card buyers once and tells each once, within five minutes of the change`, async () => {
    const sessions = purchases(BUYERS);
    const cancelled = { WORKSHOP_CANCELLED: 'true', WORKSHOP_START: new Date(TEST_START_MS).toISOString() };
    const fleet = await fleetOf(3, cancelled, true);
    const everyone = [...fleet];
    // While the wave goes, every instance is replaced, one after another, as a rolling restart replaces them.
    for (const [index, atMs] of [CHANGE_MS + 10_000, CHANGE_MS + 20_000, CHANGE_MS + 30_000].entries()) {
      await time.runUntil(atMs, quiet(everyone));
      const old = fleet[index] as WaveInstance;
      fleet[index] = await waveInstance({ ...rig.env(), EDITION, ...cancelled }, time, { exits: true });
      everyone.push(fleet[index] as WaveInstance);
      await terminate([old], everyone);
    }
    for (let until = CHANGE_MS + MINUTE; until <= CHANGE_MS + BOUND_MS; until += 10_000) await time.runUntil(until, quiet(everyone));

    const intents = new Set(sessions.map((sessionId) => rig.stripe.checkout.paymentIntentOf(sessionId)?.id));
    const refunds = rig.stripe.checkout.refunds.refunds.map(({ refund }) => refund.payment_intent);
    expect(refunds.filter((intent) => !intents.has(String(intent)))).toEqual([]);
    expect(new Set(refunds).size, `${new Set(refunds).size} of ${BUYERS} refunded within five minutes`).toBe(BUYERS);
    expect(refunds).toHaveLength(BUYERS);
    const mails = await mailsWith(cancellationMail.subject(workshopSchedule(TEST_START_MS).fullLabel));
    expect(new Set(mails.map(({ to }) => to)).size, `${mails.length} of ${BUYERS} told within five minutes`).toBe(BUYERS);
    expect(mails).toHaveLength(BUYERS);
    expect(Math.max(...mails.map(({ atMs }) => atMs)) - CHANGE_MS).toBeLessThanOrEqual(BOUND_MS);
    await terminate(fleet, everyone);
  });
});
