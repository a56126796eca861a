import type { Clock } from '../../ops/clock';
import type { Background, Scheduler } from '../../ops/scheduler';
import type { Sweep } from './purchaseSweep';

export interface SweepTimerOptions {
  sweep: Pick<Sweep, 'run'>;
  clock: Clock;
  scheduler: Scheduler;
  periodMs: number;
  /** When a wave falls due for everyone (a reminder's moment, the workshop's end): a sweep begins then, not a period later. */
  moments?: () => readonly number[];
  /** The first sweep comes within this of the start, at a random point: a fleet restarted at once spreads out. */
  firstWithinMs?: number;
  random?: () => number;
}

const FIRST_WITHIN_MS = 5_000;
/** At a wave's moment, each instance begins within this, at a random point: the first to claim keeps the wave. */
const MOMENT_SPREAD_MS = 5_000;

/**
 * Every instance sweeps on its own timer (docs/decisions/0016-a-sweep-on-every-instance.md): soon after it starts,
 * then once a period, each sweep beginning a period after the last began, or at once when the last took longer; and
 * at each wave's moment, spread over a few seconds (docs/decisions/0024-a-wave-within-stripes-limits.md). Two never
 * overlap on one instance; on several, the claims at Stripe keep every mail to one.
 */
export function startSweeps({
  sweep,
  clock,
  scheduler,
  periodMs,
  moments = () => [],
  firstWithinMs = FIRST_WITHIN_MS,
  random = Math.random,
}: SweepTimerOptions): Background {
  let timer: unknown;
  let stopped = false;
  /** The next wave's moment after `afterMs`, spread. */
  const nextMoment = (afterMs: number): number | null => {
    const moment = moments()
      .filter((at) => at > afterMs)
      .sort((a, b) => a - b)[0];
    return moment === undefined ? null : moment + Math.floor(random() * MOMENT_SPREAD_MS);
  };
  const tick = async (): Promise<void> => {
    if (stopped) return;
    const began = clock();
    await sweep.run();
    if (stopped) return;
    const next = Math.min(began + periodMs, nextMoment(began) ?? Number.POSITIVE_INFINITY);
    timer = scheduler.set(() => void tick(), Math.max(0, next - clock()));
  };
  timer = scheduler.set(() => void tick(), Math.floor(random() * Math.min(firstWithinMs, periodMs)));
  return {
    stop() {
      stopped = true;
      scheduler.clear(timer);
    },
  };
}
