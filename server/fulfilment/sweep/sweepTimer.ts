import type { Clock } from '../../ops/clock';
import type { Background, Scheduler } from '../../ops/scheduler';
import type { Sweep } from './purchaseSweep';

export interface SweepTimerOptions {
  sweep: Sweep;
  clock: Clock;
  scheduler: Scheduler;
  periodMs: number;
  /** The first sweep comes within this of the start, at a random point: a fleet restarted at once spreads out. */
  firstWithinMs?: number;
  random?: () => number;
}

const FIRST_WITHIN_MS = 5_000;

/**
 * Every instance sweeps on its own timer (docs/decisions/0016-a-sweep-on-every-instance.md): soon after it starts,
 * then once a period, each sweep beginning a period after the last began, or at once when the last took longer.
 * Two never overlap on one instance; on several, the claims at Stripe keep every mail to one.
 */
export function startSweeps({ sweep, clock, scheduler, periodMs, firstWithinMs = FIRST_WITHIN_MS, random = Math.random }: SweepTimerOptions): Background {
  let timer: unknown;
  let stopped = false;
  const tick = async (): Promise<void> => {
    if (stopped) return;
    const began = clock();
    await sweep.run();
    if (!stopped) timer = scheduler.set(() => void tick(), Math.max(0, began + periodMs - clock()));
  };
  timer = scheduler.set(() => void tick(), Math.floor(random() * Math.min(firstWithinMs, periodMs)));
  return {
    stop() {
      stopped = true;
      scheduler.clear(timer);
    },
  };
}
