/**
 * The timer each instance sweeps on (server/fulfilment/sweep/sweepTimer.ts), on vitest's fake timers: the first sweep soon
 * after the start, then one a period, never two at once, and none once stopped; and one at each wave's moment.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeScheduler } from '../../server/ops/scheduler';
import type { SweepReport } from '../../server/fulfilment/sweep/purchaseSweep';
import { startSweeps } from '../../server/fulfilment/sweep/sweepTimer';

const START = Date.parse('2025-10-01T12:00:00Z');
const PERIOD = 60_000;
const DONE: SweepReport = { completed: true, purchases: 0, sent: 0, failed: 0, placesBack: 0, yielded: false };

/** A sweep that records when each run began, and takes `takesMs` of the fake clock. */
function recordingSweep(takesMs = 0) {
  const began: number[] = [];
  let running = 0;
  let overlapped = false;
  return {
    began,
    overlapped: () => overlapped,
    run: async () => {
      began.push(Date.now() - START);
      running += 1;
      overlapped ||= running > 1;
      if (takesMs > 0) await new Promise((resolve) => setTimeout(resolve, takesMs));
      running -= 1;
      return DONE;
    },
    stop() {},
    settled: () => Promise.resolve(),
  };
}

describe('startSweeps', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps within the first seconds of the start, then once a period', async () => {
    const sweep = recordingSweep();
    const timer = startSweeps({ sweep, clock: Date.now, scheduler: nodeScheduler, periodMs: PERIOD, random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(2_499);
    expect(sweep.began).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep.began).toEqual([2_500]);
    await vi.advanceTimersByTimeAsync(3 * PERIOD);
    expect(sweep.began).toEqual([2_500, 62_500, 122_500, 182_500]);
    timer.stop();
    await vi.advanceTimersByTimeAsync(3 * PERIOD);
    expect(sweep.began).toHaveLength(4);
  });

  it('a sweep longer than the period is followed at once, never overlapped', async () => {
    const sweep = recordingSweep(PERIOD + 10_000);
    const timer = startSweeps({ sweep, clock: Date.now, scheduler: nodeScheduler, periodMs: PERIOD, random: () => 0 });
    await vi.advanceTimersByTimeAsync(3 * PERIOD + 30_000);
    // At once is Node's shortest timer: a millisecond.
    expect(sweep.began).toEqual([0, 70_001, 140_002]);
    expect(sweep.overlapped()).toBe(false);
    timer.stop();
  });

  it("begins a sweep at each wave's moment, within a few seconds of it, not a period later", async () => {
    const sweep = recordingSweep();
    const moments = [START + 100_000, START + 250_000];
    const timer = startSweeps({ sweep, clock: Date.now, scheduler: nodeScheduler, periodMs: PERIOD, moments: () => moments, random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(300_000);
    // Each moment's sweep, then a period after it began.
    expect(sweep.began).toEqual([2_500, 62_500, 102_500, 162_500, 222_500, 252_500]);
    timer.stop();
  });
});
