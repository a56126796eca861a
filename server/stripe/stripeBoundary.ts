import type { SpotsSettings } from '../config/settings';
import type { Clock } from '../ops/clock';
import type { Scheduler } from '../ops/scheduler';
import { stripeClient } from './client';
import { type CallKind, instanceLanes, type LaneName, pacedView, unpaced, waitOn } from './pace';
import { type StripeCalls, stripeCalls } from './stripeCalls';

/**
 * No call to Stripe takes longer than this, whoever makes it: the longest a caller waits (the preflight, for an owner at
 * a terminal). Each view's own deadline ends its calls sooner.
 */
const LONGEST_CALL_MS = 10_000;

interface ViewOptions {
  /** Each call of the view ends within this, its answer's last byte included (client.ts). */
  deadlineMs: number;
  /** The instance's lane each kind of call waits its turn in (pace.ts); a kind left out is not paced. None: no call is. */
  lanes?: Partial<Record<CallKind, LaneName>>;
  /** How long a rate-limited call keeps trying; none: not at all. */
  patienceMs?: number;
  /** Counted, for the owner: a 429 is a pause, never an outage. */
  onRateLimited?: (kind: CallKind) => void;
}

/** One process's way to Stripe: one client, one set of lanes, and each caller's view of them. */
export interface StripeBoundary {
  /** The calls of one part of the site (stripeCalls.ts), with its deadline, its lanes and its patience. */
  view(options: ViewOptions): StripeCalls;
}

/**
 * The one client of an instance, built once where the site is assembled (server/site.ts; the preflight builds its own),
 * and its lanes, which every view shares. With nothing that keeps time (`time` left out: a test that moves its clock by
 * hand, the preflight), no view is paced.
 */
export function stripeBoundary(settings: Pick<SpotsSettings, 'secretKey' | 'apiUrl'>, time?: { clock: Clock; scheduler: Scheduler }): StripeBoundary {
  const client = stripeClient({ secretKey: settings.secretKey(), apiUrl: settings.apiUrl, deadlineMs: LONGEST_CALL_MS });
  const pacing = time && { clock: time.clock, wait: waitOn(time.scheduler) };
  const lanes = pacing && instanceLanes(pacing.clock, pacing.wait);
  return {
    view({ deadlineMs, lanes: chosen, patienceMs = 0, onRateLimited }) {
      if (!pacing || !lanes || !chosen) return stripeCalls(client, unpaced, deadlineMs);
      const laneOf = (kind: CallKind) => {
        const lane = chosen[kind];
        return lane && lanes[lane];
      };
      const own = { read: laneOf('read'), list: laneOf('list'), write: laneOf('write') };
      return stripeCalls(client, pacedView({ ...pacing, lanes: own, patienceMs, onRateLimited }), deadlineMs);
    },
  };
}
