/**
 * A clock and timers the test moves by hand: the poller runs through hours of boundaries in milliseconds,
 * and no test sleeps to fake time.
 */
import type { Scheduler } from '../../server/ops/scheduler';

interface Timer {
  atMs: number;
  run: () => void;
}

export function manualTime(startMs: number) {
  let nowMs = startMs;
  const timers = new Set<Timer>();
  const scheduler: Scheduler = {
    set(run, delayMs) {
      const timer = { atMs: nowMs + Math.max(0, delayMs), run };
      timers.add(timer);
      return timer;
    },
    clear: (handle) => void timers.delete(handle as Timer),
  };
  return {
    clock: () => nowMs,
    scheduler,
    /** Moves the clock to `targetMs`, running each timer due on the way at its own instant. */
    advanceTo(targetMs: number): void {
      for (;;) {
        const due = [...timers].filter((timer) => timer.atMs <= targetMs).sort((a, b) => a.atMs - b.atMs)[0];
        if (!due) break;
        timers.delete(due);
        nowMs = due.atMs;
        due.run();
      }
      nowMs = targetMs;
    },
    pending: () => timers.size,
  };
}
