/**
 * A clock and timers of the caller's own, for the site's code that takes both (server/ops/clock.ts,
 * server/ops/scheduler.ts): minutes of a reminder wave, paced as Stripe's limits ask, run in the seconds the work itself
 * takes. Each timer fires at its moment once the work already set off has settled: no request in flight at the
 * stand-ins and nothing new there for a few turns of the event loop. Should work still be on its way when time moves
 * (a reply between two turns), it finishes later on this clock than it would have: the figures err towards slow.
 * Node runs this file as it is (type stripping): erasable TypeScript only.
 */

/** What says the work set off so far has settled: nothing in flight, and a count that moves with every step of it. */
export interface Quiet {
  inFlight(): number;
  activity(): number;
}

export interface VirtualTime {
  now(): number;
  scheduler: { set(run: () => void, delayMs: number): unknown; clear(handle: unknown): void };
  /** Fires every timer due by `untilMs`, in order of their moments, each once the work before it has settled. */
  runUntil(untilMs: number, quiet: Quiet): Promise<void>;
}

/** Turns of the event loop with nothing new that count as settled. */
const CALM_TURNS = 4;

export function virtualTime(startMs: number): VirtualTime {
  let now = startMs;
  let made = 0;
  const timers = new Map<number, { atMs: number; run: () => void }>();
  const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  const settle = async (quiet: Quiet): Promise<void> => {
    let calm = 0;
    let seen = quiet.activity();
    let timersSeen = made;
    while (calm < CALM_TURNS) {
      await turn();
      const activity = quiet.activity();
      calm = quiet.inFlight() > 0 || activity !== seen || made !== timersSeen ? 0 : calm + 1;
      seen = activity;
      timersSeen = made;
    }
  };

  return {
    now: () => now,
    scheduler: {
      set(run, delayMs) {
        made += 1;
        timers.set(made, { atMs: now + Math.max(0, delayMs), run });
        return made;
      },
      clear(handle) {
        timers.delete(handle as number);
      },
    },
    async runUntil(untilMs, quiet) {
      for (;;) {
        await settle(quiet);
        let next: [number, { atMs: number; run: () => void }] | undefined;
        for (const entry of timers) if (!next || entry[1].atMs < next[1].atMs) next = entry;
        if (!next || next[1].atMs > untilMs) {
          now = Math.max(now, untilMs);
          return;
        }
        timers.delete(next[0]);
        now = Math.max(now, next[1].atMs);
        next[1].run();
      }
    },
  };
}
