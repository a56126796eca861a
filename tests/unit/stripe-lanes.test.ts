/**
 * The lanes of calls to Stripe (server/stripe/pace.ts) and the buyers' pages' budgets
 * (server/fulfilment/fulfilmentRoutes.ts) keep the fleet's maximum within Stripe's documented limits: the autoscaler's
 * most instances, one of them sending a wave, the owner's page and a preflight, stay within 25 requests a second to each endpoint and 100 in all. The
 * fleet's maximum is the manifests' own.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCESS_READS, THANKS_READS } from '../../server/fulfilment/fulfilmentRoutes';
import {
  COUNTED,
  FLEET_MAX,
  instanceLanes,
  LANES,
  type LaneName,
  pauseBefore,
  STRIPE_ENDPOINT_PER_SECOND,
  STRIPE_LIVE_PER_SECOND,
} from '../../server/stripe/pace';

describe("the fleet's calls to Stripe", () => {
  it('are sized for the autoscaler’s most instances', () => {
    const maxReplicas = /^\s*maxReplicas:\s*(\d+)\s*$/m.exec(readFileSync('deploy/kubernetes/horizontalpodautoscaler.yaml', 'utf8'))?.[1];
    expect(Number(maxReplicas)).toBe(FLEET_MAX);
  });

  it('stay within 25 a second to each endpoint: the one wave and everyone’s writes; the listings; the reads of a session', () => {
    expect(LANES.wave + FLEET_MAX * LANES.write).toBeLessThanOrEqual(STRIPE_ENDPOINT_PER_SECOND);
    expect(FLEET_MAX * LANES.list).toBeLessThanOrEqual(STRIPE_ENDPOINT_PER_SECOND);
    expect(FLEET_MAX * (LANES.read + THANKS_READS.perSecond + ACCESS_READS.perSecond)).toBeLessThanOrEqual(STRIPE_ENDPOINT_PER_SECOND);
  });

  it('stay within 25 a second to each endpoint: the one wave’s refunds and everyone’s; each link’s reads by every poller and keeper', () => {
    expect(LANES.waveRefunds + FLEET_MAX * LANES.write).toBeLessThanOrEqual(STRIPE_ENDPOINT_PER_SECOND);
    expect(FLEET_MAX * COUNTED.poll).toBeLessThanOrEqual(STRIPE_ENDPOINT_PER_SECOND);
  });

  it('count, in the lanes that never hold a call back, no more than their callers make: the pages’ budgets; two links a poll', () => {
    expect(THANKS_READS.perSecond + ACCESS_READS.perSecond).toBeLessThanOrEqual(COUNTED.pages);
    const fastestPollSeconds = Number(/'SPOTS_POLL_SECONDS', get\('SPOTS_POLL_SECONDS'\), (\d+),/.exec(readFileSync('server/config/settings.ts', 'utf8'))?.[1]);
    expect(2 / fastestPollSeconds).toBeLessThanOrEqual(COUNTED.poll);
  });

  it('stay within 100 a second in all, in live mode', () => {
    const reads = LANES.list + LANES.read + COUNTED.pages + COUNTED.poll;
    // The wave's lanes and the owner's count once (one instance sends a wave; there is one owner), the preflight's beside them.
    const once = LANES.wave + LANES.waveRefunds + COUNTED.owner + COUNTED.preflight;
    expect(once + FLEET_MAX * (LANES.write + reads)).toBeLessThanOrEqual(STRIPE_LIVE_PER_SECOND);
  });

  it('pause before a call Stripe refused as over its limit: from half a second, doubling, at most 8 s, never less than the first', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => pauseBefore(retry, () => 1))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
    expect([0, 1, 2, 3, 4, 5].map((retry) => pauseBefore(retry, () => 0))).toEqual([500, 500, 1_000, 2_000, 4_000, 4_000]);
  });

  it('say in one line when a lane waits half a minute or more, and in one more when it goes at its pace again: never a silent stall', async () => {
    let nowMs = 0;
    const said: string[] = [];
    const lanes = instanceLanes(
      {
        call: () => undefined,
        waiting: (lane: LaneName, waitMs: number) => said.push(`${lane} waits ${waitMs / 1000} s`),
        flowing: (lane: LaneName) => said.push(`${lane} flows`),
      },
      { clock: () => nowMs, wait: async () => undefined },
    );
    // Forty writes asked at once at one a second: the 31st's turn is 30 s away.
    for (let n = 0; n < 40; n += 1) void lanes.write.turn();
    expect(said).toEqual(['write waits 30 s']);
    // The queue drained, the next write goes at once, and says so.
    nowMs = 60_000;
    await lanes.write.turn();
    expect(said).toEqual(['write waits 30 s', 'write flows']);
    // A lane that only counts never waits.
    for (let n = 0; n < 100; n += 1) void lanes.pages.turn();
    expect(said).toHaveLength(2);
  });
});
