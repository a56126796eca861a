/**
 * The timer that prepares each second's landing page before it begins, on vitest's fake timers: the clock the
 * timer reads is the faked Date, so every instant is exact and nothing waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDER_AHEAD_IDLE_MS, RENDER_AHEAD_MS, renderAhead } from '../../server/render/renderAhead';

const SECOND = Date.parse('2025-09-01T18:00:00Z');

describe('renderAhead', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(SECOND + 100);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`prepares each second's page ${RENDER_AHEAD_MS} ms before the second begins, and not a moment sooner`, () => {
    const prepared: number[] = [];
    const controller = new AbortController();
    renderAhead({ clock: Date.now, prepare: (at) => prepared.push(at), signal: controller.signal });
    vi.advanceTimersByTime(1000 - RENDER_AHEAD_MS - 100 - 1);
    expect(prepared).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(prepared).toEqual([SECOND + 1000]);
    vi.advanceTimersByTime(2000);
    expect(prepared).toEqual([SECOND + 1000, SECOND + 2000, SECOND + 3000]);
    controller.abort();
  });

  it('catches up on the next second when the timer fires late, and stops when the signal aborts', () => {
    const prepared: number[] = [];
    const controller = new AbortController();
    renderAhead({ clock: Date.now, prepare: (at) => prepared.push(at), signal: controller.signal });
    // The process was busy: the clock moved on 1.5 s while the timer waited.
    vi.setSystemTime(SECOND + 1600);
    vi.advanceTimersByTime(600);
    expect(prepared).toEqual([SECOND + 3000]);
    controller.abort();
    vi.advanceTimersByTime(10_000);
    expect(prepared).toEqual([SECOND + 3000]);
  });

  it('stops preparing once nobody has visited for a while, and starts again with the next visit', () => {
    const prepared: number[] = [];
    const controller = new AbortController();
    const ahead = renderAhead({ clock: Date.now, prepare: (at) => prepared.push(at), signal: controller.signal });
    vi.advanceTimersByTime(RENDER_AHEAD_IDLE_MS + 5000);
    const whileVisited = prepared.length;
    expect(whileVisited).toBeGreaterThanOrEqual(RENDER_AHEAD_IDLE_MS / 1000 - 1);
    vi.advanceTimersByTime(10_000);
    expect(prepared).toHaveLength(whileVisited);
    const visitedAt = Date.now();
    ahead.visited();
    vi.advanceTimersByTime(1000);
    expect(prepared).toHaveLength(whileVisited + 1);
    expect(prepared.at(-1)! - visitedAt).toBeGreaterThan(0);
    expect(prepared.at(-1)! - visitedAt).toBeLessThanOrEqual(1000 + RENDER_AHEAD_MS);
    expect(prepared.at(-1)! % 1000).toBe(0);
    controller.abort();
  });
});
