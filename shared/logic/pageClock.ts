/**
 * The time as a page in the browser may believe it: the server's instant plus what has elapsed since.
 * Never the device's wall clock, which may be off by any amount (docs/decisions/0007-page-clock.md).
 */

/** The id of the page's JSON script that carries its ServerInstant, for client/saleSlots.ts. */
export const SALE_CLOCK_ID = 'sale-clock';

export interface ServerInstant {
  /** The instant the server rendered the page for (epoch milliseconds). */
  nowMs: number;
  /**
   * How far behind the real time that instant may be when the page arrives: the snapshot's own length
   * plus how long a shared cache may have kept it. Added, so the page errs early, never late.
   */
  aheadMs: number;
}

export interface ClockSources {
  /** Milliseconds since the navigation began, monotonic: performance.now(). */
  monotonic(): number;
  /** The device's wall clock: only its differences are used. */
  wall(): number;
}

/**
 * The elapsed time is the monotonic clock's, since the navigation began, which started before the server
 * rendered: so it overstates rather than understates. Some devices stop the monotonic clock while asleep;
 * a page left open overnight would then fall behind, so the wall clock's *difference* since the page
 * started is taken where it is larger. A device clock that is simply wrong leaves differences intact;
 * one set forward meanwhile only moves the page forward, which is the safe side.
 */
export function pageClock(server: ServerInstant, sources: ClockSources): () => number {
  const monotonicStart = sources.monotonic();
  const wallStart = sources.wall();
  return () => {
    const elapsed = Math.max(sources.monotonic(), monotonicStart + (sources.wall() - wallStart));
    return server.nowMs + server.aheadMs + elapsed;
  };
}

/** The browser's own sources. */
export const browserClockSources: ClockSources = {
  monotonic: () => performance.now(),
  wall: () => Date.now(),
};
