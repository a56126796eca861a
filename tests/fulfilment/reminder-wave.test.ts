/**
 * A reminder's moment for two hundred buyers: three instances, each sweeping on its own timer, against the Stripe
 * stand-in answering 429 above Stripe's limits and a real SMTP server, on one clock of the test's own
 * (tests/helpers/waveFleet.ts). The buyers' confirmations, which no webhook sent, still go out when the fleet starts,
 * four minutes before the moment; every buyer gets each mail once, "Empezamos en una hora" within five minutes of its
 * moment, the oldest purchases first, and no instance waits long on Stripe; a 429 is a pause, never a stop. Then the same wave with every instance replaced, one after
 * another, in its middle: still one mail each. The same wave at a thousand and ten thousand buyers, with its figures, is
 * the benchmark's (scripts/reports/sweep-bench.ts, docs/performance.md): every mail is real work here, and a
 * thousand of them took more than a third of a test's time on a busy machine.
 */
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Quiet, type VirtualTime, virtualTime } from '../../scripts/lib/virtualTime';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { reminderMails } from '../../shared/content/reminderMailWords';
import { TEST_START_MS } from '../helpers/testApp';
import { type Rig, sentMarks, startRig } from '../helpers/fulfilment';
import { WARN } from '../helpers/logs';
import { seriesValue } from '../helpers/seriesValue';
import { fleetQuiet, type WaveInstance, waveInstance } from '../helpers/waveFleet';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const HOUR_BEFORE_MS = TEST_START_MS - 60 * MINUTE;
/** The bound: every reminder within five minutes of its moment. */
const BOUND_MS = 5 * MINUTE;
const EDITION = 'invierno-2027';
/** A sandbox's limits, as Stripe documents them: 25 requests a second to one endpoint, and 25 in all. */
const SANDBOX = { perEndpoint: 25, global: 25 };

let time: VirtualTime;
let rig: Rig;
beforeEach(async () => {
  time = virtualTime(HOUR_BEFORE_MS - MINUTE / 2);
  rig = await startRig({ clock: () => time.now() });
  rig.stripe.setRateLimit({ ...SANDBOX, clock: () => time.now() });
});
afterEach(async () => {
  await rig.close();
});

const quiet = (fleet: WaveInstance[] = []): Quiet => fleetQuiet(rig, fleet);
/** `count` purchases, the oldest first, each confirmed and reminded the day before. */
function purchases(count: number): string[] {
  const emails: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const email = `compradora${n}@correo.example.org`;
    emails.push(email);
    rig.stripe.checkout.createSession('paid', {
      buyer: { name: `Compradora${n} Prueba`, email },
      atMs: TEST_START_MS - 30 * DAY + n * MINUTE,
      metadata: sentMarks(['confirmation', 'day_before'], EDITION),
    });
  }
  return emails;
}
/** The mails taken with this subject, each read by mailparser from its headers: to whom, its Message-ID, and when it arrived. */
async function mailsWith(subject: string): Promise<{ to: string; messageId: string; atMs: number }[]> {
  const read = await Promise.all(
    rig.smtp.received.map(async ({ raw, atMs }) => ({ head: await simpleParser(raw.subarray(0, raw.indexOf('\r\n\r\n') + 4)), atMs })),
  );
  return read
    .filter(({ head }) => head.subject === subject)
    .map(({ head, atMs }) => ({ to: head.to && 'text' in head.to ? head.to.text : '', messageId: head.messageId ?? '', atMs }));
}
const hourBeforeMails = () => mailsWith(reminderMails.hourBefore.subject);
/** Instances starting on the test's clock; `exits`: each on connections of its own, which its exit cuts. */
const fleetOf = (count: number, exits = false): Promise<WaveInstance[]> =>
  Promise.all(Array.from({ length: count }, () => waveInstance({ ...rig.env(), EDITION }, time, { exits })));
/** Each instance ended as SIGTERM ends it, the clock moving meanwhile (its delay, then its drain). */
async function terminate(fleet: WaveInstance[], all = fleet): Promise<void> {
  let done = false;
  const ended = Promise.all(fleet.map((instance) => instance.terminate())).then(() => {
    done = true;
  });
  while (!done) await time.runUntil(time.now() + 1_000, quiet(all));
  await ended;
}

describe('"Empezamos en una hora" to two hundred buyers, three instances, Stripe answering 429 above its limits', () => {
  it('while their confirmations still go out minutes before: every buyer gets each once, the reminder within five minutes of its moment, the oldest first', async () => {
    // Bought in the last day, and no webhook ever announced them: the fleet's sweeps find every confirmation owed at its
    // start, four minutes before the reminder's moment.
    const started = HOUR_BEFORE_MS - 4 * MINUTE;
    time = virtualTime(started);
    rig.stripe.setRateLimit({ ...SANDBOX, clock: () => time.now() });
    const emails = Array.from({ length: 200 }, (_, n) => `compradora${n}@correo.example.org`);
    for (const [n, email] of emails.entries())
      rig.stripe.checkout.createSession('paid', { buyer: { name: `Compradora${n} Prueba`, email }, atMs: TEST_START_MS - 23 * 60 * MINUTE + n * 1_000 });
    const fleet = await fleetOf(3);
    // Until every buyer has had both mails, or the bound has passed.
    for (let until = started; rig.smtp.received.length < 2 * emails.length && until <= HOUR_BEFORE_MS + BOUND_MS; until += 10_000) {
      await time.runUntil(until, quiet(fleet));
    }

    const confirmations = await mailsWith(confirmation.subject);
    expect(confirmations.map(({ to }) => to).sort()).toEqual([...emails].sort());
    const mails = await hourBeforeMails();
    expect(new Set(mails.map(({ to }) => to)).size, `${mails.length} of ${emails.length} within five minutes`).toBe(emails.length);
    expect(mails).toHaveLength(emails.length);
    expect(new Set(mails.map(({ messageId }) => messageId)).size).toBe(emails.length);
    const latest = Math.max(...mails.map(({ atMs }) => atMs));
    expect(latest - HOUR_BEFORE_MS, `the last went ${((latest - HOUR_BEFORE_MS) / 1000).toFixed(0)} s after its moment`).toBeLessThanOrEqual(BOUND_MS);
    // The oldest first: each mail went to a buyer within a few places of its own place in the order of purchase.
    const order = mails.sort((a, b) => a.atMs - b.atMs).map(({ to }) => emails.indexOf(to));
    const outOfPlace = Math.max(...order.map((buyer, position) => Math.abs(buyer - position)));
    expect(outOfPlace).toBeLessThanOrEqual(16);

    // Paced within the limits, so no sweep ever stopped or waited long on Stripe, and every mark was written.
    for (const { logs, registry } of fleet) {
      expect(logs.filter((line) => line.level >= WARN)).toEqual([]);
      expect(seriesValue(await registry.metrics(), 'taller_mails_total{kind="hour_before",outcome="mark_failed"}') ?? 0).toBe(0);
    }
    await terminate(fleet);
  });

  it("a 429 is a pause, never a stop: with Stripe refusing a third of the wave's writes, every buyer still gets one mail", async () => {
    const emails = purchases(200);
    rig.stripe.setRateLimit({ perEndpoint: 8, clock: () => time.now() });
    const fleet = await fleetOf(1);
    await time.runUntil(HOUR_BEFORE_MS + BOUND_MS, quiet());

    const mails = await hourBeforeMails();
    expect(new Set(mails.map(({ to }) => to)).size).toBe(emails.length);
    expect(mails).toHaveLength(emails.length);
    const refused = rig.stripe.calls.filter((call) => call.rateLimited).length;
    expect(refused).toBeGreaterThan(0);
    const [{ logs, registry }] = fleet as [WaveInstance];
    expect(logs.filter((line) => line.level >= WARN)).toEqual([]);
    const text = await registry.metrics();
    expect(seriesValue(text, 'taller_stripe_rate_limited_total{kind="write"}')).toBe(refused);
    expect(seriesValue(text, 'taller_sweeps_total{outcome="stopped"}') ?? 0).toBe(0);
    await terminate(fleet);
  });
});

describe('every instance replaced, one after another, in the middle of a wave', () => {
  it('each of 300 buyers gets "Empezamos en una hora" once, within five minutes of its moment, and never again', async () => {
    const emails = purchases(300);
    const fleet = await fleetOf(3, true);
    const everyone = [...fleet];
    // A rolling restart: a new instance starts, then an old one gets SIGTERM, every twenty seconds from the moment on.
    for (const [index, atMs] of [HOUR_BEFORE_MS + 10_000, HOUR_BEFORE_MS + 30_000, HOUR_BEFORE_MS + 50_000].entries()) {
      await time.runUntil(atMs, quiet(everyone));
      const old = fleet[index] as WaveInstance;
      fleet[index] = await waveInstance({ ...rig.env(), EDITION }, time, { exits: true });
      everyone.push(fleet[index] as WaveInstance);
      await terminate([old], everyone);
    }
    // Past a claim's lease: a claim cut off between its mail and its mark would have been taken over by now.
    await time.runUntil(HOUR_BEFORE_MS + 15 * MINUTE, quiet(everyone));

    const mails = await hourBeforeMails();
    expect(new Set(mails.map(({ to }) => to)).size).toBe(emails.length);
    expect(mails).toHaveLength(emails.length);
    expect(Math.max(...mails.map(({ atMs }) => atMs)) - HOUR_BEFORE_MS).toBeLessThanOrEqual(BOUND_MS);
    await terminate(fleet);
  });
});
