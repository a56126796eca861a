/**
 * The join rush: the workshop opens, and every buyer taps the personal link at once. Two built servers (the fleet's
 * minimum, as the image runs them) behind real varnishd running the shipped VCL, the Stripe stand-in and a real SMTP
 * server; 300 buyers, each from an address of its own, each opening their link within a few seconds, all reach the
 * meeting (303); and the same while one party floods /gracias with made-up ids from eight IPv4 addresses and addresses
 * all over one IPv6 /64, from before the first buyer to after the last. Each instance knows its buyers from its
 * sweep's listing, so the rush costs no read at Stripe. How fast each answer comes (the bound of 2 s) is a
 * benchmark's to measure (scripts/reports/rush-bench.ts), never a verdict here: this test asserts what happened.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paced, type Sent, send } from '../../scripts/gates/rehearsal/traffic';
import { type RunningServer, startBuiltServer, waitUntil } from '../../scripts/lib/harness';
import { accessPathOf, MEETING_URL, type Rig, sentMarks, startRig } from '../helpers/fulfilment';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';

const BUYERS = 300;
/** Within this, every buyer opens the link: twice the pace (300 in 10 s). */
const RUSH_MS = 5_000;
const MINUTE = 60_000;

let rig: Rig;
let fleet: RunningServer[] = [];
let edge: RunningVarnish;
const buyers: string[] = [];

/** Reads of one session at Stripe: what a visit would cost (listings are another endpoint). */
const sessionReads = (): number => rig.stripe.calls.filter((call) => call.method === 'GET' && call.path.startsWith('/v1/checkout/sessions/')).length;
/** Pages of the link's purchases listed so far, by either instance. */
const listed = (): number => rig.stripe.calls.filter((call) => call.path.startsWith('/v1/checkout/sessions?')).length;

beforeAll(async () => {
  rig = await startRig();
  for (let n = 0; n < BUYERS; n += 1) {
    const sessionId = rig.stripe.checkout.createSession('paid', {
      buyer: { name: `Compradora${n} Prueba`, email: `compradora${n}@correo.example.org` },
      atMs: Date.now() - 20 * 24 * 60 * MINUTE + n * MINUTE,
      metadata: sentMarks(['confirmation', 'day_before', 'hour_before']),
    });
    buyers.push(accessPathOf(sessionId));
  }
  // The workshop starts in five minutes: the personal links lead to the meeting.
  const env = { ...rig.env(), WORKSHOP_START: new Date(Date.now() + 5 * MINUTE).toISOString() };
  fleet = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
  edge = await startVarnish(fleet.map((server, index) => ({ name: `instance_${index + 1}`, port: server.port })));
  await edge.untilHealthy(['instance_1', 'instance_2']);
  // Each instance's first sweep, within seconds of its start, lists every page of the link's purchases.
  await waitUntil('both instances swept', () => listed() >= 2 * Math.ceil(BUYERS / 100) && rig.stripe.inFlight() === 0);
});

afterAll(async () => {
  await edge?.stop();
  await Promise.all(fleet.map((server) => server.stop('SIGKILL')));
  await rig?.close();
});

/** Every buyer opens their link once within RUSH_MS, evenly spread, each from an address of its own. */
async function rush(): Promise<Sent[]> {
  const answers = buyers.map(
    (path, n) =>
      new Promise<Sent>((resolve) => {
        setTimeout(
          () => resolve(send(edge.port, path, { 'x-forwarded-for': `100.64.${Math.floor(n / 250)}.${(n % 250) + 1}` }, false)),
          (n * RUSH_MS) / BUYERS,
        );
      }),
  );
  return Promise.all(answers);
}

function expectEveryoneIn(answers: Sent[]): void {
  const statuses = new Map<string, number>();
  for (const answer of answers) statuses.set(String(answer.status ?? answer.error), (statuses.get(String(answer.status ?? answer.error)) ?? 0) + 1);
  expect(Object.fromEntries(statuses)).toEqual({ 303: BUYERS });
  for (const answer of answers) expect(answer.headers?.location).toBe(MEETING_URL);
}

describe('the join rush through the shipped VCL, two instances', () => {
  it('300 buyers opening their personal links within seconds all reach the meeting, with no read at Stripe', async () => {
    const reads = sessionReads();
    expectEveryoneIn(await rush());
    expect(sessionReads() - reads).toBe(0);
  });

  it('the same while /gracias is flooded with made-up ids from eight IPv4 addresses and one IPv6 /64, 40 a second', async () => {
    const flooders = [...Array.from({ length: 8 }, (_, n) => `203.0.113.${n + 10}`), 'ipv6'];
    const flood: Sent[] = [];
    let flooding = true;
    const flooded = paced({
      connections: 4,
      ratePerSecond: 40,
      isDone: () => !flooding,
      async request(counter) {
        const from = flooders[counter % flooders.length];
        // A new address of the same /64 each time, as one host on it may take.
        const client = from === 'ipv6' ? `2001:db8:ab:cd:${randomBytes(8).toString('hex').match(/.{4}/g)?.join(':')}` : from;
        flood.push(await send(edge.port, `/gracias?session_id=cs_test_${randomBytes(12).toString('hex')}`, { 'x-forwarded-for': client }, false));
      },
    });
    try {
      // The flood under way from every address before the first buyer, and on until after the last one's answer.
      await waitUntil('a round of the flood from every address', () => flood.length >= flooders.length);
      const answers = await rush();
      const lastAnswer = Math.max(...answers.map((answer) => answer.done));
      await waitUntil('the flood to go on past the rush', () => flood.some((answer) => answer.sent > lastAnswer));
      expectEveryoneIn(answers);
      expect(flood.filter((answer) => answer.sent < Math.min(...answers.map((buyer) => buyer.sent))).length).toBeGreaterThanOrEqual(flooders.length);
    } finally {
      flooding = false;
      await flooded;
    }
  });
});
