import type { Clock } from '../ops/clock';
import type { Scheduler } from '../ops/scheduler';

/**
 * Stripe's documented limits (docs.stripe.com/rate-limits): 25 requests a second to any one endpoint (each named
 * operation is one, whatever the object's id), 100 a second in all in live mode, 25 in a sandbox.
 */
export const STRIPE_ENDPOINT_PER_SECOND = 25;
export const STRIPE_LIVE_PER_SECOND = 100;
/** The autoscaler's most (deploy/kubernetes/horizontalpodautoscaler.yaml): the lanes below hold with that many at once. */
export const FLEET_MAX = 10;

/**
 * One instance's calls to Stripe, per second, by lane: every call the site makes waits its turn in one
 * (docs/fulfilment.md#within-stripes-limits). Every instance has each lane; a wave is sent by one instance at a time
 * (docs/decisions/0024-a-wave-within-stripes-limits.md), and there is one owner, so those lanes count once in the fleet's
 * sum, the others once per instance. Each sum stays a little under its limit (tests/unit/stripe-lanes.test.ts): calls of
 * several instances that fall due together must not make a second of more.
 * - `wave`: the sweep's writes of the marks (two a mail), on the one instance sending a wave;
 * - `waveRefunds`: the refunds of a cancellation's wave, one a buyer beside its two writes;
 * - `write`: every other write (a webhook's or a page's mark or refund, a place given back to a link, a link's change);
 * - `list`: the listings of the links' purchases (the sweep, a refund's lookup, a place's recount);
 * - `read`: a session read for a webhook's event or a claim's second look, a link read before a place goes back.
 * Four lanes never hold a call back, their callers pacing them in front; they only count (COUNTED):
 * - `pages`: the buyers' pages' reads, within budgets of their own (server/fulfilment/fulfilmentRoutes.ts), which answer
 *   503 rather than wait;
 * - `poll`: each Payment Link's read by the spots' poller, one a link every SPOTS_POLL_SECONDS (2 at the least), and the
 *   keeper's read and write of a link at its instants, tried again a poll later;
 * - `preflight`: `npm run preflight`, a process of its own before the launch, a few reads one after another;
 * - `owner`: the seller's own page and her changes (server/panel/, server/changes/), one person whose few calls each
 *   answer a form she sent, and whose forms wait on no one's turn.
 */
export const LANES = { wave: 12, waveRefunds: 6, write: 1, list: 2.4, read: 0.4 } as const;
/** The counted lanes, each with the most calls a second its callers make on one instance. */
export const COUNTED = { pages: 2, poll: 1, preflight: 1, owner: 1 } as const;
export type LaneName = keyof typeof LANES | keyof typeof COUNTED;
export const LANE_NAMES = [...Object.keys(LANES), ...Object.keys(COUNTED)] as readonly LaneName[];
/** What a call is, for its lane: one object read, a page of a list, a write of metadata or a link, a refund. */
export type CallKind = 'read' | 'list' | 'write' | 'refund';
/** Every kind of call of a view in one lane: a room whose calls are all of one sort (the poller's, the preflight's, the owner's). */
export const allIn = (lane: LaneName): Record<CallKind, LaneName> => ({ read: lane, list: lane, write: lane, refund: lane });

/** Waits on the site's scheduler, so that a test's own clock paces the calls as Node's timers do in production. */
export type Wait = (ms: number) => Promise<void>;
export const waitOn =
  (scheduler: Scheduler): Wait =>
  (ms) =>
    new Promise((resolve) => {
      scheduler.set(resolve, ms);
    });

/** Why a rate-limited call is tried again later, and when it gives up. */
export interface Pace {
  /** Runs `call` in its lane's turn, and again after a pause while Stripe answers that it is over a rate limit. */
  run<T>(kind: CallKind, call: () => Promise<T>): Promise<T>;
}

/**
 * A call that waits this long for its turn (its lane's queue, Stripe's 429s) says so, once until its lane goes at its
 * pace again: an instance waiting on Stripe is never silent.
 */
const LONG_WAIT_MS = 30_000;

/** What a lane tells about its calls: each one begun, and a wait past LONG_WAIT_MS begun and over. */
export interface LaneWatch {
  call(lane: LaneName): void;
  waiting(lane: LaneName, waitMs: number, queued: number): void;
  flowing(lane: LaneName): void;
}

/** One lane of an instance: each call's turn, spaced evenly in the order they asked. */
export interface Lane {
  turn(): Promise<void>;
  /** A call of the lane has waited `waitMs` for Stripe to take it (its 429s): said as a long wait of the lane is. */
  held(waitMs: number): void;
}

/**
 * Calls spaced evenly, in the order they asked: each reserves the next free moment, so none jumps the queue and no
 * second holds more than the rate allows. A reservation that falls LONG_WAIT_MS or more ahead is a lane that waits: said
 * once, and again once a call finds its turn at once.
 */
function spacing(name: LaneName, perSecond: number, clock: Clock, wait: Wait, watch: LaneWatch): Lane {
  const gapMs = 1000 / perSecond;
  let nextMs = Number.NEGATIVE_INFINITY;
  let waitingSaid = false;
  const long = (waitMs: number, queued: number): void => {
    if (waitMs < LONG_WAIT_MS || waitingSaid) return;
    waitingSaid = true;
    watch.waiting(name, waitMs, queued);
  };
  return {
    turn() {
      const now = clock();
      const at = Math.max(now, nextMs);
      nextMs = at + gapMs;
      watch.call(name);
      long(at - now, Math.round((at - now) / gapMs));
      if (at <= now && waitingSaid) {
        waitingSaid = false;
        watch.flowing(name);
      }
      return at > now ? wait(at - now) : Promise.resolve();
    },
    held: (waitMs) => long(waitMs, 0),
  };
}

/** A lane that never holds a call back (its callers pace it in front, or nothing keeps time): it only counts. */
const counted = (name: LaneName, watch: LaneWatch): Lane => ({
  turn() {
    watch.call(name);
    return Promise.resolve();
  },
  held: () => undefined,
});

const spaced = (name: LaneName): name is keyof typeof LANES => name in LANES;

/** One instance's lanes, each at its rate in LANES, which every view of the instance's boundary shares. */
export function instanceLanes(watch: LaneWatch, time?: { clock: Clock; wait: Wait }): Record<LaneName, Lane> {
  return Object.fromEntries(
    LANE_NAMES.map((name) => [name, time && spaced(name) ? spacing(name, LANES[name], time.clock, time.wait, watch) : counted(name, watch)]),
  ) as Record<LaneName, Lane>;
}

/**
 * Whether Stripe answered that a request was over one of its limits, and so never carried it out (its limiters run
 * before its idempotency: the same request, key included, may be sent again). A 429 with `Stripe-Should-Retry:
 * false` is not tried again.
 */
function isRateLimited(error: unknown): boolean {
  const { statusCode, headers } = (typeof error === 'object' && error !== null ? error : {}) as { statusCode?: unknown; headers?: unknown };
  if (statusCode !== 429) return false;
  const shouldRetry = typeof headers === 'object' && headers !== null ? (headers as Record<string, unknown>)['stripe-should-retry'] : undefined;
  return shouldRetry !== 'false';
}

/** Stripe's advice for a 429: back off exponentially, with randomness; as its own SDKs do, from half a second. */
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 8_000;
export const pauseBefore = (retry: number, random: () => number): number =>
  Math.max(FIRST_PAUSE_MS, Math.min(FIRST_PAUSE_MS * 2 ** retry, LONGEST_PAUSE_MS) * (0.5 + random() / 2));

export interface PaceOptions {
  /** Each kind of call's lane in this view. */
  lanes: Record<CallKind, Lane>;
  /** What keeps time between two tries of a rate-limited call; none: it is not tried again. */
  time?: { clock: Clock; wait: Wait };
  /** How long a rate-limited call keeps trying: the sweep's until it is done; a webhook's within its answer. */
  patienceMs: number;
  /** Counted, for the owner: a 429 is a pause, never an outage. */
  onRateLimited?: (kind: CallKind) => void;
  random?: () => number;
}

/** The calls one part of the site makes, each in its lane's turn, a rate-limited one tried again after a pause. */
export function pacedView({ lanes, time, patienceMs, onRateLimited, random = Math.random }: PaceOptions): Pace {
  return {
    async run(kind, call) {
      const startedMs = time?.clock() ?? 0;
      for (let retry = 0; ; retry += 1) {
        await lanes[kind].turn();
        try {
          return await call();
        } catch (error) {
          if (!isRateLimited(error)) throw error;
          onRateLimited?.(kind);
          const pauseMs = pauseBefore(retry, random);
          if (!time || time.clock() + pauseMs - startedMs > patienceMs) throw error;
          lanes[kind].held(time.clock() + pauseMs - startedMs);
          await time.wait(pauseMs);
        }
      }
    },
  };
}
