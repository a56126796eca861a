import type { Clock } from '../ops/clock';

/**
 * Before the start, the landing page is a new snapshot every second (server/render/snapshot.ts), and rendering and
 * compressing one is the slowest thing the server does: left to the request, the first visitor of each second
 * would wait for it, and behind a CDN nearly every request that reaches the origin is such a first one. So each
 * second's page is prepared a little before that second begins, while the page is being visited; an idle
 * instance spends nothing.
 */

/** How long before a second begins its page is prepared: several times what the work takes on a busy machine. */
export const RENDER_AHEAD_MS = 300;
/** Preparing stops this long after the last visit, and starts again with the next. */
export const RENDER_AHEAD_IDLE_MS = 5 * 60_000;

export interface RenderAheadOptions {
  clock: Clock;
  /** Prepares the page for the second that begins at this instant. */
  prepare: (secondMs: number) => void;
  /** Stops the preparing (tests; the process's exit stops it anyway: its timer never holds the process open). */
  signal?: AbortSignal;
}

export interface RenderAhead {
  /** A visitor asked for the page: keep preparing for the next RENDER_AHEAD_IDLE_MS. */
  visited(): void;
}

/** Calls `prepare` RENDER_AHEAD_MS before each second, from now on, while the page has been visited lately. */
export function renderAhead({ clock, prepare, signal }: RenderAheadOptions): RenderAhead {
  // A new instance is about to be visited: it starts prepared.
  let lastVisitMs = clock();
  let timer: NodeJS.Timeout | undefined;

  const schedule = (): void => {
    if (signal?.aborted) return;
    const untilSecond = 1000 - (clock() % 1000);
    const delay = untilSecond > RENDER_AHEAD_MS ? untilSecond - RENDER_AHEAD_MS : untilSecond + 1000 - RENDER_AHEAD_MS;
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = (): void => {
    const now = clock();
    if (now - lastVisitMs <= RENDER_AHEAD_IDLE_MS) prepare(Math.floor(now / 1000) * 1000 + 1000);
    schedule();
  };

  signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
  schedule();
  return {
    visited: () => {
      lastVisitMs = clock();
    },
  };
}
