import type { Clock } from '../ops/clock';
import type { Background, Scheduler } from '../ops/scheduler';

/**
 * Before the start, the landing page is a new snapshot every second (server/render/snapshot.ts), and rendering and
 * compressing one is the slowest thing the server does: left to the request, the first visitor of each second
 * would wait for it, and behind a CDN nearly every request that reaches the origin is such a first one. So each
 * second's page is prepared a little before that second begins, while the page is being visited; an idle
 * instance spends nothing. The prompt page changes only with the year: it is prepared at once, so a new
 * instance's first visitor finds it ready too.
 */

/** How long before a second begins its page is prepared: several times what the work takes on a busy machine. */
export const RENDER_AHEAD_MS = 300;
/** Preparing stops this long after the last visit, and starts again with the next. */
export const RENDER_AHEAD_IDLE_MS = 5 * 60_000;

/** What the render-ahead prepares: server/render/bodies.ts. */
export interface Preparable {
  /** Prepares the landing page for the second that begins at this instant. */
  prepareLanding(secondMs: number): void;
  /** Prepares the pages that change only with the year (the prompt page). */
  prepareYearPages(): void;
  /** When a visitor last asked for the landing page; -Infinity before the first. */
  lastLandingVisitMs(): number;
}

export interface RenderAheadOptions {
  bodies: Preparable;
  clock: Clock;
  scheduler: Scheduler;
}

/** Prepares the pages that do not change now, then the landing page RENDER_AHEAD_MS before each second while it is visited. */
export function startRenderAhead({ bodies, clock, scheduler }: RenderAheadOptions): Background {
  let timer: unknown;
  let stopped = false;
  // The start counts as a visit: a new instance is about to be visited, and starts prepared.
  const startedMs = clock();

  const schedule = (): void => {
    const untilSecond = 1000 - (clock() % 1000);
    const delay = untilSecond > RENDER_AHEAD_MS ? untilSecond - RENDER_AHEAD_MS : untilSecond + 1000 - RENDER_AHEAD_MS;
    timer = scheduler.set(tick, delay);
  };
  const tick = (): void => {
    if (stopped) return;
    const now = clock();
    if (now - Math.max(startedMs, bodies.lastLandingVisitMs()) <= RENDER_AHEAD_IDLE_MS) bodies.prepareLanding(Math.floor(now / 1000) * 1000 + 1000);
    schedule();
  };

  bodies.prepareYearPages();
  schedule();
  return {
    stop() {
      stopped = true;
      scheduler.clear(timer);
    },
  };
}
