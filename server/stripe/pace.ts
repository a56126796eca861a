import type { Clock } from '../ops/clock';
import type { Scheduler } from '../ops/scheduler';

/**
 * Stripe's documented limits (docs.stripe.com/rate-limits): 25 requests a second to any one endpoint (each named
 * operation is one, whatever the object's id), 100 a second in all in live mode.
 */
export const STRIPE_ENDPOINT_PER_SECOND = 25;
export const STRIPE_LIVE_PER_SECOND = 100;
/** The autoscaler's most (deploy/kubernetes/horizontalpodautoscaler.yaml): the lanes below hold with that many at once. */
export const FLEET_MAX = 10;

/**
 * One instance's calls to Stripe, per second, by lane. Every instance lists the links' purchases, and each has its own
 * lanes for what a webhook, a buyer's page or a reminder wave needs; a wave is sent by one instance at a time
 * (docs/decisions/0024-a-wave-within-stripes-limits.md), so its writes count once in the fleet's sum. Each sum stays a
 * little under its limit: instances' calls that fall due together must not make a second of more.
 * - `wave`: the sweep's writes of the marks (two a mail), on the one instance sending a wave;
 * - `write`: every other write (a webhook's or a page's mark, a place given back to a link, a refund), on each instance;
 * - `list`: the listings of the links' purchases (the sweep, a refund's lookup);
 * - `read`: a session read for a webhook's event or a claim's second look, a link read before a place goes back. The
 *   buyers' pages read within budgets of their own (server/fulfilment/fulfilmentRoutes.ts), which answer 503 rather
 *   than wait.
 */
export const LANES = { wave: 12, write: 1, list: 2.4, read: 0.4 } as const;
export type LaneName = keyof typeof LANES;
/** What a call is, for its lane: a session read, a listing, or a write of metadata. */
export type CallKind = 'read' | 'list' | 'write';

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

/** No lanes and no second try: where nothing keeps time for the site (a test that moves its clock by hand). */
export const unpaced: Pace = { run: (_kind, call) => call() };

/**
 * Calls spaced evenly, in the order they asked: each reserves the next free moment, so none jumps the queue and no
 * second holds more than the rate allows.
 */
function spacing(perSecond: number, clock: Clock, wait: Wait): () => Promise<void> {
  const gapMs = 1000 / perSecond;
  let nextMs = Number.NEGATIVE_INFINITY;
  return () => {
    const now = clock();
    const at = Math.max(now, nextMs);
    nextMs = at + gapMs;
    return at > now ? wait(at - now) : Promise.resolve();
  };
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
  clock: Clock;
  wait: Wait;
  /** Each kind of call's lane in this view; a kind left out is not paced (a budget of its own in front). */
  lanes: Partial<Record<CallKind, () => Promise<void>>>;
  /** How long a rate-limited call keeps trying: the sweep's until it is done; a webhook's within its answer. */
  patienceMs: number;
  /** Counted, for the owner: a 429 is a pause, never an outage. */
  onRateLimited?: (kind: CallKind) => void;
  random?: () => number;
}

/** One instance's lanes, each at its rate in LANES: views of the site share them (pacedView). */
export const instanceLanes = (clock: Clock, wait: Wait): Record<LaneName, () => Promise<void>> => ({
  wave: spacing(LANES.wave, clock, wait),
  write: spacing(LANES.write, clock, wait),
  list: spacing(LANES.list, clock, wait),
  read: spacing(LANES.read, clock, wait),
});

/** The calls one part of the site makes, each in its lane's turn, a rate-limited one tried again after a pause. */
export function pacedView({ clock, wait, lanes, patienceMs, onRateLimited, random = Math.random }: PaceOptions): Pace {
  return {
    async run(kind, call) {
      const startedMs = clock();
      for (let retry = 0; ; retry += 1) {
        await lanes[kind]?.();
        try {
          return await call();
        } catch (error) {
          if (!isRateLimited(error)) throw error;
          onRateLimited?.(kind);
          const pauseMs = pauseBefore(retry, random);
          if (clock() + pauseMs - startedMs > patienceMs) throw error;
          await wait(pauseMs);
        }
      }
    },
  };
}
