import type { HydrationStrategy } from '../shared/islands/types';

/** After the page has loaded; a short timeout where requestIdleCallback is missing (Safari). */
function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 200);
}

/**
 * When the page has finished loading and the main thread has nothing better to do: React is not
 * fetched or run while the first paint is still being prepared.
 */
function onIdle(callback: () => void): void {
  if (document.readyState === 'complete') whenIdle(callback);
  else window.addEventListener('load', () => whenIdle(callback), { once: true });
}

/** When the element comes within a screen of the viewport, so it is awake before the visitor reaches it. */
function onVisible(element: Element, callback: () => void): void {
  if (!('IntersectionObserver' in window)) return onIdle(callback);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      callback();
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(element);
}

export function schedule(strategy: HydrationStrategy, element: Element, callback: () => void): void {
  if (strategy === 'visible') onVisible(element, callback);
  else onIdle(callback);
}
