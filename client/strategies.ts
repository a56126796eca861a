import type { HydrationStrategy } from '../shared/islands/types';
import { whenQuiet } from './quiet';

/** Waits no longer than this for the first contentful paint (a tab opened in the background paints late). */
const PAINT_WAIT_MS = 3000;

/**
 * After the first contentful paint: showing the page always comes before fetching React. Where paint
 * timing is missing, after the next rendered frame.
 */
function afterFirstPaint(callback: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(callback, 0));
    return;
  }
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    observer.disconnect();
    callback();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(run, PAINT_WAIT_MS);
}

/** Once the page has loaded and painted, and the visitor has paused. */
function onIdle(callback: () => void): void {
  const start = (): void => afterFirstPaint(() => whenQuiet(callback));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** What a visitor does first on a page: taps or clicks it, scrolls it, or presses a key (why a click: quiet.ts). */
const FIRST_INTERACTION = ['click', 'wheel', 'scroll', 'keydown'] as const;

/** Once, on the visitor's first interaction with the page: work that can wait until someone uses it. */
export function onFirstInteraction(callback: () => void): void {
  const listening = new AbortController();
  const run = (): void => {
    listening.abort();
    callback();
  };
  // On the window while capturing: the scroll of any element counts, and a handler that stops an event cannot hide it.
  for (const type of FIRST_INTERACTION) window.addEventListener(type, run, { capture: true, passive: true, signal: listening.signal });
}

/**
 * When the element comes within a screen of the viewport, so it is awake before the visitor reaches it, once the
 * visitor pauses (a tap right after the scroll that brought it near meets no hydration).
 * IntersectionObserver reports only after a frame has been rendered, so this never delays the first paint.
 */
function onVisible(element: Element, callback: () => void): void {
  if (!('IntersectionObserver' in window)) {
    onIdle(callback);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      whenQuiet(callback);
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(element);
}

export function schedule(strategy: HydrationStrategy, element: Element, callback: () => void): void {
  if (strategy === 'visible') onVisible(element, callback);
  else onIdle(callback);
}
