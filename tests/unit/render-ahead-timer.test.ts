/**
 * The timer that prepares each second's landing page before it begins, on vitest's fake timers: the clock the
 * timer reads is the faked Date, so every instant is exact and nothing waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeScheduler } from '../../server/ops/scheduler';
import { RENDER_AHEAD_IDLE_MS, RENDER_AHEAD_MS, startRenderAhead } from '../../server/render/renderAhead';

const SECOND = Date.parse('2025-09-01T18:00:00Z');

/** What the render-ahead prepares, recorded; a visit is set by the test. */
function recordingBodies() {
  const bodies = {
    landing: [] as number[],
    yearPages: 0,
    visitedAt: Number.NEGATIVE_INFINITY,
    prepareLanding: (secondMs: number) => bodies.landing.push(secondMs),
    prepareYearPages: () => {
      bodies.yearPages += 1;
    },
    lastLandingVisitMs: () => bodies.visitedAt,
  };
  return bodies;
}

describe('startRenderAhead', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(SECOND + 100);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`prepares the year's pages at once, then each second's page ${RENDER_AHEAD_MS} ms before the second begins, and not a moment sooner`, () => {
    const bodies = recordingBodies();
    const ahead = startRenderAhead({ bodies, clock: Date.now, scheduler: nodeScheduler });
    expect(bodies.yearPages).toBe(1);
    vi.advanceTimersByTime(1000 - RENDER_AHEAD_MS - 100 - 1);
    expect(bodies.landing).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(bodies.landing).toEqual([SECOND + 1000]);
    vi.advanceTimersByTime(2000);
    expect(bodies.landing).toEqual([SECOND + 1000, SECOND + 2000, SECOND + 3000]);
    expect(bodies.yearPages).toBe(1);
    ahead.stop();
  });

  it('catches up on the next second when the timer fires late, and stops when stopped', () => {
    const bodies = recordingBodies();
    const ahead = startRenderAhead({ bodies, clock: Date.now, scheduler: nodeScheduler });
    // The process was busy: the clock moved on 1.5 s while the timer waited.
    vi.setSystemTime(SECOND + 1600);
    vi.advanceTimersByTime(600);
    expect(bodies.landing).toEqual([SECOND + 3000]);
    ahead.stop();
    vi.advanceTimersByTime(10_000);
    expect(bodies.landing).toEqual([SECOND + 3000]);
  });

  it('stops preparing once nobody has visited for a while, and starts again with the next visit', () => {
    const bodies = recordingBodies();
    const ahead = startRenderAhead({ bodies, clock: Date.now, scheduler: nodeScheduler });
    vi.advanceTimersByTime(RENDER_AHEAD_IDLE_MS + 5000);
    const whileVisited = bodies.landing.length;
    expect(whileVisited).toBeGreaterThanOrEqual(RENDER_AHEAD_IDLE_MS / 1000 - 1);
    vi.advanceTimersByTime(10_000);
    expect(bodies.landing).toHaveLength(whileVisited);
    bodies.visitedAt = Date.now();
    vi.advanceTimersByTime(1000);
    expect(bodies.landing).toHaveLength(whileVisited + 1);
    expect(bodies.landing.at(-1)! - bodies.visitedAt).toBeGreaterThan(0);
    expect(bodies.landing.at(-1)! - bodies.visitedAt).toBeLessThanOrEqual(1000 + RENDER_AHEAD_MS);
    expect(bodies.landing.at(-1)! % 1000).toBe(0);
    ahead.stop();
  });
});
