/**
 * A clock and timers the test moves by hand: the poller runs through hours of boundaries in milliseconds,
 * and no test sleeps to fake time. As in Node, a timer waits for its delay to elapse, whatever the wall clock
 * does meanwhile: `stepClock` moves the wall clock alone (NTP, a VM migration), and the timers stay where they were.
 */
import type { Scheduler } from '../../server/ops/scheduler';

interface Timer {
  /** On the elapsed-time line, which never steps. */
  atElapsedMs: number;
  run: () => void;
}

export function manualTime(startMs: number) {
  let elapsedMs = 0;
  let wallOffsetMs = startMs;
  const timers = new Set<Timer>();
  const scheduler: Scheduler = {
    set(run, delayMs) {
      const timer = { atElapsedMs: elapsedMs + Math.max(0, delayMs), run };
      timers.add(timer);
      return timer;
    },
    clear: (handle) => void timers.delete(handle as Timer),
  };
  return {
    clock: () => elapsedMs + wallOffsetMs,
    scheduler,
    /** Lets time pass until the wall clock reads `targetMs`, running each timer due on the way at its own instant. */
    advanceTo(targetMs: number): void {
      const targetElapsedMs = targetMs - wallOffsetMs;
      for (;;) {
        const due = [...timers].filter((timer) => timer.atElapsedMs <= targetElapsedMs).sort((a, b) => a.atElapsedMs - b.atElapsedMs)[0];
        if (!due) break;
        timers.delete(due);
        elapsedMs = due.atElapsedMs;
        due.run();
      }
      elapsedMs = targetElapsedMs;
    },
    /** The wall clock jumps by `deltaMs` (negative: back) while no time passes. */
    stepClock(deltaMs: number): void {
      wallOffsetMs += deltaMs;
    },
    pending: () => timers.size,
  };
}
