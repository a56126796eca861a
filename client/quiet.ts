/**
 * When the visitor pauses. Work the page can do at any moment (laying out the blocks the first paint skipped,
 * waking an island) waits until no tap, key or scroll has come for a moment, then for the main thread to be idle: a
 * tap meets a main thread as free as on the page without script, and the frame that answers it carries none of
 * that work.
 */

/** The visitor counts as busy this long after a tap or click, a key, a wheel or a scroll. */
const QUIET_MS = 300;
/**
 * What a visitor does; a scroll counts whatever moved it (a finger, a fling, a jump to an anchor). A tap is heard by
 * its click, not its pointer events: a listener for those, however passive, made every tap's frame slower in
 * Chromium than on the page without script (docs/performance.md#taps).
 */
const INPUT = ['click', 'keydown', 'wheel', 'scroll'] as const;

let lastInputAt = Number.NEGATIVE_INFINITY;

/** Notes every input from now on: on the window while capturing, passive, so never in the input's way. */
export function watchInput(): void {
  const note = (): void => {
    lastInputAt = performance.now();
  };
  for (const type of INPUT) window.addEventListener(type, note, { capture: true, passive: true });
}

/** When the main thread has nothing better to do; a short timeout where requestIdleCallback is missing (Safari). */
function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 200);
}

/** Once the visitor has paused and the main thread is idle; an input while it waits for idle time starts the wait again. */
export function whenQuiet(callback: () => void): void {
  const wait = lastInputAt + QUIET_MS - performance.now();
  if (wait > 0) {
    setTimeout(() => whenQuiet(callback), wait);
    return;
  }
  whenIdle(() => {
    if (performance.now() - lastInputAt < QUIET_MS) whenQuiet(callback);
    else callback();
  });
}
