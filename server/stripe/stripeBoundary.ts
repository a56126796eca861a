import type { SpotsSettings } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Scheduler } from '../ops/scheduler';
import { stripeClient } from './client';
import { type CallKind, instanceLanes, LANE_NAMES, type LaneName, type LaneWatch, pacedView, waitOn } from './pace';
import { type StripeCalls, stripeCalls } from './stripeCalls';

/**
 * No call to Stripe takes longer than this, whoever makes it: the longest a caller waits (the preflight, for an owner at
 * a terminal). Each view's own deadline ends its calls sooner.
 */
const LONGEST_CALL_MS = 10_000;

interface ViewOptions {
  /** Each call of the view ends within this, its answer's last byte included (client.ts). */
  deadlineMs: number;
  /** The instance's lane each kind of call waits its turn in (pace.ts): every call is in one. */
  lanes: Record<CallKind, LaneName>;
  /** How long a rate-limited call keeps trying; none: not at all. */
  patienceMs?: number;
  /** Counted, for the owner: a 429 is a pause, never an outage. */
  onRateLimited?: (kind: CallKind) => void;
}

/** One process's way to Stripe: one client, one set of lanes, and each caller's view of them. */
export interface StripeBoundary {
  /** The calls of one part of the site (stripeCalls.ts), with its deadline, its lanes and its patience. */
  view(options: ViewOptions): StripeCalls;
  /** Every call made so far, by the lane it waited its turn in (server/stripe/stripeMetrics.ts counts them). */
  calls(): Record<LaneName, number>;
}

/** Says, in one line, that an instance's calls to Stripe wait (and, in one more, that they go again): never a silent stall. */
function lineWatch(counts: Record<LaneName, number>, logger?: Logger): LaneWatch {
  return {
    call(lane) {
      counts[lane] += 1;
    },
    waiting(lane, waitMs, queued) {
      logger?.warn(
        { event: 'stripe_waiting', lane, wait_s: Math.round(waitMs / 1000), queued },
        "calls to Stripe wait their turn: this instance keeps within Stripe's rate limits (docs/fulfilment.md#within-stripes-limits)",
      );
    },
    flowing(lane) {
      logger?.info({ event: 'stripe_waiting', lane, queued: 0 }, 'calls to Stripe go at their pace again');
    },
  };
}

/**
 * The one client of an instance, built once where the site is assembled (server/site.ts; the preflight builds its own),
 * and its lanes, which every view shares. With nothing that keeps time (`time` left out: a test that moves its clock by
 * hand), every call is still counted in its lane, and none is held back or tried again.
 */
export function stripeBoundary(
  settings: Pick<SpotsSettings, 'secretKey' | 'apiUrl'>,
  time?: { clock: Clock; scheduler: Scheduler },
  logger?: Logger,
): StripeBoundary {
  const client = stripeClient({ secretKey: settings.secretKey(), apiUrl: settings.apiUrl, deadlineMs: LONGEST_CALL_MS });
  const counts = Object.fromEntries(LANE_NAMES.map((lane) => [lane, 0])) as Record<LaneName, number>;
  const pacing = time && { clock: time.clock, wait: waitOn(time.scheduler) };
  const lanes = instanceLanes(lineWatch(counts, logger), pacing);
  return {
    view({ deadlineMs, lanes: chosen, patienceMs = 0, onRateLimited }) {
      const own = { read: lanes[chosen.read], list: lanes[chosen.list], write: lanes[chosen.write], refund: lanes[chosen.refund] };
      return stripeCalls(client, pacedView({ lanes: own, time: pacing, patienceMs, onRateLimited }), deadlineMs);
    },
    calls: () => ({ ...counts }),
  };
}
