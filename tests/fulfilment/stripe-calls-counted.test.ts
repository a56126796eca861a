/**
 * Every call the site makes to Stripe waits its turn in one of the instance's lanes (server/stripe/pace.ts), which the
 * boundary counts: two whole sites (the spots' poller, the link keeper, the sweep, the pages, the webhook), assembled
 * as the entry assembles them on one clock of the test's own, through a sweep, the hour-before wave and a join rush.
 * Each request the Stripe stand-in took is one the sites counted in a lane, room by room, and the rush costs none.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type VirtualTime, virtualTime } from '../../scripts/lib/virtualTime';
import { accessPathOf, type Rig, startRig } from '../helpers/fulfilment';
import { seriesValue } from '../helpers/seriesValue';
import { TEST_START_MS, testApp } from '../helpers/testApp';
import { fleetQuiet } from '../helpers/waveFleet';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const HOUR_BEFORE_MS = TEST_START_MS - 60 * MINUTE;
const BUYERS = 12;
const LANES = ['wave', 'waveRefunds', 'write', 'list', 'read', 'owner', 'pages', 'poll', 'preflight'];

let time: VirtualTime;
let rig: Rig;
beforeEach(async () => {
  time = virtualTime(HOUR_BEFORE_MS - 20_000);
  rig = await startRig({ clock: () => time.now() });
});
afterEach(async () => {
  await rig.close();
});

/** A site's calls to Stripe so far, by lane, as its metrics say. */
async function counted(site: ReturnType<typeof testApp>): Promise<Record<string, number>> {
  const text = (await site.metrics?.registry.metrics()) ?? '';
  return Object.fromEntries(LANES.map((lane) => [lane, seriesValue(text, `taller_stripe_calls_total{lane="${lane}"}`) ?? 0]));
}
const sum = (counts: Record<string, number>[]): number => counts.reduce((total, count) => total + Object.values(count).reduce((a, b) => a + b, 0), 0);

describe('every call to Stripe, from every room of two instances', () => {
  it('is counted in a lane: a sweep, the hour-before wave, a join rush', async () => {
    const sessions = Array.from({ length: BUYERS }, (_, n) =>
      rig.stripe.checkout.createSession('paid', {
        buyer: { name: `Compradora${n} Prueba`, email: `compradora${n}@correo.example.org` },
        atMs: TEST_START_MS - 7 * DAY + n * MINUTE,
        metadata: { taller_confirmation: 'sent', taller_reminder_day: 'sent' },
      }),
    );
    const sites = [0, 1].map(() => testApp({ now: () => time.now(), env: rig.env(), scheduler: time.scheduler, withMetrics: true }));
    const quiet = fleetQuiet(rig);
    try {
      // A sweep and the polls before the moment, then the wave.
      for (let until = HOUR_BEFORE_MS - 10_000; until <= HOUR_BEFORE_MS + 40_000; until += 10_000) {
        await time.runUntil(until, quiet);
      }
      expect(rig.smtp.received).toHaveLength(BUYERS);
      const afterWave = await Promise.all(sites.map(counted));
      expect(sum(afterWave)).toBe(rig.stripe.calls.length);
      for (const lane of ['poll', 'list', 'wave'])
        expect(
          afterWave.some((count) => (count[lane] ?? 0) > 0),
          lane,
        ).toBe(true);

      // The join rush: every buyer the sweeps listed opens the personal link at either instance, with no call at all.
      const before = rig.stripe.calls.length;
      for (const [n, sessionId] of sessions.entries()) {
        const site = sites[n % 2] as ReturnType<typeof testApp>;
        const res = await request(site.app).get(accessPathOf(sessionId)).redirects(0);
        expect(res.status).toBeLessThan(400);
      }
      expect(rig.stripe.calls.length).toBe(before);
      expect(sum(await Promise.all(sites.map(counted)))).toBe(before);
    } finally {
      for (const site of sites) site.stop();
    }
  });
});
